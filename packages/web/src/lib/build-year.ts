import { DEFAULT_BUILD_YEAR } from '@hearth/protocol';

/** Spec 1 §1: the copyright line shows the build year, 2023 when the build does not say. */
export const BUILD_YEAR: number =
  typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : DEFAULT_BUILD_YEAR;
