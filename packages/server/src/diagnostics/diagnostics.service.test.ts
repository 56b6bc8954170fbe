import { describe, expect, it } from 'vitest';
import type { AccessTokenClaims } from '@hearth/protocol';
import { createDiagnosticsService } from './diagnostics.service';
import type { HomeDiagnosticsBuilder } from './home-diagnostics';

const HOME = '0190b0c2-0000-7000-8000-000000000001';

function claims(scope: string): AccessTokenClaims {
  return {
    userId: 'owner',
    serialId: '01',
    email: 'o@example.test',
    scope,
    exp: 0,
  } as AccessTokenClaims;
}

describe('diagnostics service', () => {
  const built: string[] = [];
  const service = createDiagnosticsService({
    access: { home: async () => ({ home: {} as never, role: 'owner' as const }) },
    builder: {
      build: async (gid: string) => {
        built.push(gid);
        return undefined;
      },
    } as HomeDiagnosticsBuilder,
  });

  it('refuses a token linked to a voice assistant, even on its own home', async () => {
    await expect(
      service.forUser(claims(`user:read devs:write group:${HOME}:write`), HOME),
    ).rejects.toMatchObject({ statusCode: 403 });
    expect(built).toEqual([]);
  });

  it('builds for the app’s own session, and answers 404 if the home went meanwhile', async () => {
    await expect(service.forUser(claims('user'), HOME)).rejects.toMatchObject({ statusCode: 404 });
    expect(built).toEqual([HOME]);
  });
});
