import { describe, expect, test } from 'vitest';
import { formatServerVersion, type ServerVersion } from './version';

describe('formatServerVersion', () => {
  test('shows the three numbers and the first 4 characters of the commit', () => {
    expect(
      formatServerVersion({ major: '1', minor: '4', subminor: '2', commit: 'abcdef123' }),
    ).toBe('1.4.2 (abcd)');
  });
  test('a server that names no commit shows unknown in its place instead of failing', () => {
    const noCommit = { major: '1', minor: '4', subminor: '2' } as unknown as ServerVersion;
    expect(formatServerVersion(noCommit, 'desconocido')).toBe('1.4.2 (desconocido)');
    expect(formatServerVersion({ ...noCommit, commit: '' })).toBe('1.4.2 (unknown)');
  });
  test('is undefined until the server answered, so the page shows unknown', () => {
    expect(formatServerVersion(undefined)).toBeUndefined();
  });
});
