/** Spec 1 §2: the about-lift, about-slide and about-fade demo pages show About with a transition. */
export const ABOUT_TRANSITIONS = ['lift', 'slide', 'fade'] as const;
export type AboutTransition = (typeof ABOUT_TRANSITIONS)[number];
