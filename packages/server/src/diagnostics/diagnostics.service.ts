import type { AccessTokenClaims } from '@hearth/protocol';
import { isAppSession } from '../auth/scopes';
import { errors } from '../errors';
import type { HomeAccess } from '../homes/home-access';
import type { HomeDiagnostics } from './diagnostics.schema';
import type { HomeDiagnosticsBuilder } from './home-diagnostics';

/** Who may download a home's diagnostics: its owner, signed in to the app. */
export function createDiagnosticsService(deps: {
  builder: HomeDiagnosticsBuilder;
  access: Pick<HomeAccess, 'home'>;
}) {
  return {
    /**
     * Strangers get 404 and guests 403, as on the home's other owner-only routes; a token linked
     * to a voice assistant gets 403 too, since it was granted control, not a support file.
     */
    async forUser(user: AccessTokenClaims, groupId: string): Promise<HomeDiagnostics> {
      await deps.access.home(user.userId, groupId, 'owner');
      if (!isAppSession(user.scope))
        throw errors.forbidden('This token may not download diagnostics');
      const found = await deps.builder.build(groupId);
      if (!found) throw errors.missing('home');
      return found;
    },
  };
}
export type DiagnosticsService = ReturnType<typeof createDiagnosticsService>;
