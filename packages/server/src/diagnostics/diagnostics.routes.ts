import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../http/authenticate';
import { homeDiagnosticsSchema } from './diagnostics.schema';
import type { DiagnosticsService } from './diagnostics.service';

/** Hearth's own API, beside the smartbox wire format (docs/wire-contract.md §5). */
export const DIAGNOSTICS_ROUTE = '/api/hearth/v1/homes/:gid/diagnostics';

/** The file name a browser saves the download under. */
export function diagnosticsFileName(groupId: string, at: string): string {
  return `hearth-diagnostics-${groupId}-${at.slice(0, 10)}.json`;
}

export function diagnosticsRoutes(deps: {
  diagnostics: DiagnosticsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      DIAGNOSTICS_ROUTE,
      {
        schema: {
          tags: ['homes'],
          security: [{ bearer: [] }],
          params: z.object({ gid: z.string().max(64) }),
          summary: "A home's diagnostics file, for its owner (ours)",
          description:
            'JSON to download (docs/operations.md "Diagnostics"): the home\'s gateways, nodes, last reports with their ages, commands waiting or refused, connection state and problems found, without credentials, addresses or anyone\'s e-mail. The owner only, signed in to the app: 403 forbidden for guests and for tokens linked to a voice assistant, 404 not_found for anyone else.',
          response: { 200: homeDiagnosticsSchema },
        },
      },
      async (request, reply) => {
        const found = await deps.diagnostics.forUser(currentUser(request), request.params.gid);
        return reply
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            `attachment; filename="${diagnosticsFileName(found.home.id, found.generated_at)}"`,
          )
          .send(found);
      },
    );
  };
}
