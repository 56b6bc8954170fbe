import { describe, expect, it } from 'vitest';
import { inviteLink } from './guests.service';

describe('inviteLink', () => {
  it('appends the confirm route to a base URL, with or without a trailing slash or a path', () => {
    expect(inviteLink('https://app.example.com/', '01.01', 'id1', 'c0de')).toBe(
      'https://app.example.com/invite-confirm/01.01?userid=id1&code=c0de',
    );
    expect(inviteLink('https://example.com/hearth', '02', 'id1', 'c')).toBe(
      'https://example.com/hearth/invite-confirm/02?userid=id1&code=c',
    );
  });

  it('keeps a URL that already names the confirm route and escapes the code', () => {
    expect(inviteLink('https://app.example.com/invite-confirm/01.01', '9', 'id1', 'a+b/c')).toBe(
      'https://app.example.com/invite-confirm/01.01?userid=id1&code=a%2Bb%2Fc',
    );
  });
});
