import { describe, expect, test } from 'vitest';
import { formatServerVersion } from './version';

describe('formatServerVersion', () => {
  test('shows the three numbers and the first 4 characters of the commit', () => {
    expect(
      formatServerVersion({ major: '1', minor: '4', subminor: '2', commit: 'abcdef123' }),
    ).toBe('1.4.2 (abcd)');
  });
  test('is undefined until the server answered, so the page shows unknown', () => {
    expect(formatServerVersion(undefined)).toBeUndefined();
  });
});
