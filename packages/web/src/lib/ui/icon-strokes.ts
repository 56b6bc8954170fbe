/** Ionicons' outline strokes, 32 units wide and unfilled: round ends and joins. */
export const ROUND_STROKE = {
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  fill: 'none',
  strokeWidth: 32,
} as const;

/** The same stroke with mitred corners (the outlines of circles and rounded squares). */
export const MITER_STROKE = { strokeMiterlimit: '10', fill: 'none', strokeWidth: 32 } as const;
