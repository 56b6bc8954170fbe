import { describe, expect, it } from 'vitest';
import { ionicConfig } from './ionic-config';

function media(reduced: boolean): Pick<Window, 'matchMedia'> {
  return {
    matchMedia: (query: string) =>
      ({ matches: reduced && query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList,
  };
}

describe('ionicConfig', () => {
  it('turns Ionic transitions off for a person who asked for reduced motion', () => {
    expect(ionicConfig(media(true))).toEqual({ animated: false });
  });

  it('keeps them for everybody else, and where the browser cannot tell', () => {
    expect(ionicConfig(media(false))).toEqual({ animated: true });
    expect(ionicConfig({} as Pick<Window, 'matchMedia'>)).toEqual({ animated: true });
  });
});
