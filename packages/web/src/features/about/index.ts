export { AboutPage } from './about-page';
export { ABOUT_TRANSITIONS, type AboutTransition } from './transitions';
