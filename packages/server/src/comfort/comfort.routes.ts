import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { comfortDecision, comfortLearned } from '@hearth/protocol';
import { z } from 'zod';
import type { AccessService } from '../devices/access.service';
import { nodeOf, nodeParams, security } from '../devices/node-params';
import { errors } from '../errors';
import type { NodeRow } from '../repositories/nodes.repository';
import type { ComfortAutomation } from './comfort-automation';
import type { ComfortRepository } from './comfort.repository';
import { presentDecision, presentSettings } from './comfort.presenter';

/** Hearth's own API, beside the smartbox wire format (docs/wire-contract.md §5). */
export const COMFORT_ROUTE = '/api/hearth/v1/devs/:dev/:type/:addr/comfort';
/** Nodes with a room temperature: the comfort automation has nothing to read of a meter. */
const ROOM_TYPES = ['htr', 'acm', 'thm'];

const settingsSchema = z.object({
  optimum_start: z.boolean(),
  window_detection: z.boolean(),
  window_hold_until: z.string().nullable(),
  learned: comfortLearned.nullable(),
});
const settingsWriteSchema = z
  .strictObject({
    optimum_start: z.boolean().optional(),
    window_detection: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, {
    message: 'the body must change optimum_start or window_detection',
  });
const decisionSchema = comfortDecision;

function roomOf(node: NodeRow) {
  if (!ROOM_TYPES.includes(node.type))
    throw errors.validation(`a ${node.type} node has no room temperature to run comfort on`);
  return { devId: node.devId, type: node.type, addr: node.addr };
}

export function comfortRoutes(deps: {
  access: AccessService;
  comfort: ComfortRepository;
  automation: Pick<ComfortAutomation, 'override' | 'forgetEnabled'>;
}): FastifyPluginAsyncZod {
  const { access, comfort, automation } = deps;
  return async (app) => {
    app.get(
      COMFORT_ROUTE,
      {
        schema: {
          tags: ['comfort'],
          security,
          params: nodeParams,
          summary: "A room's comfort settings (ours)",
          description:
            'Whether optimum start and open-window detection run for this room (docs/comfort.md "In the server"; both off until the owner switches them on), and, while a window holds the room at anti-frost, when the hold ends at the latest (ISO 8601; else null), and `learned`: what optimum start has learned of the room (`warmups` seen, `rate_k_per_h` at `at_outdoor_c` outside once it has seen enough, both null before; `text` in English), null before optimum start ran. The owner and the people the home is shared with; 404 not_found for anyone else.',
          response: { 200: settingsSchema },
        },
      },
      async (request) => {
        const { node } = await nodeOf(request, access);
        return presentSettings(await comfort.find(roomOf(node)));
      },
    );
    app.post(
      COMFORT_ROUTE,
      {
        schema: {
          tags: ['comfort'],
          security,
          params: nodeParams,
          body: settingsWriteSchema,
          summary: "Switches a room's comfort features on or off (ours)",
          description:
            '`optimum_start` and/or `window_detection`, booleans; anything else is 400 validation_error and nothing is stored. The owner only: 403 forbidden for the people the home is shared with, 404 not_found for anyone else. Answers the settings as GET does. Switching window detection off does not end a hold already under way (POST …/comfort/window/override does).',
          response: { 200: settingsSchema },
        },
      },
      async (request) => {
        const { node } = await nodeOf(request, access, {
          ownerOnly: "Only the home's owner may change its comfort settings",
        });
        const { optimum_start: optimumStart, window_detection: windowDetection } = request.body;
        const row = await comfort.putSettings(roomOf(node), {
          ...(optimumStart === undefined ? {} : { optimumStart }),
          ...(windowDetection === undefined ? {} : { windowDetection }),
        });
        automation.forgetEnabled();
        return presentSettings(row);
      },
    );
    app.get(
      `${COMFORT_ROUTE}/decisions`,
      {
        schema: {
          tags: ['comfort'],
          security,
          params: nodeParams,
          querystring: z.strictObject({
            limit: z.coerce.number().int().min(1).max(200).optional(),
          }),
          summary: 'What the comfort automation decided for a room, newest first (ours)',
          description:
            "Kept 30 days; `limit` 1–200, default 50. Each has `kind` (`warmup-started`, `warmup-finished`: an optimum start, its `detail` with `start_ms`, `target_c`, `by_ms`, `reached_ms`, `outdoor_c`, `basis`; `holiday-started`, `holiday-ended`: a holiday or one-off day (`source`) took over from the programme or gave it back; `window-opened`, `window-closed`, `override`), `at`, `text` in English and `detail`, the same as data for the app to word in its language: a window `reason` (`slope`, `device`) and `slopeKPerH`, a close's `why` (`recovered`, `timeout`, `device`, `override`), the `write` sent to the node (null when its mode was not one the automation holds: auto, modified_auto, manual), `anti_frost` and `units`. The owner and the people the home is shared with; 404 not_found for anyone else.",
          response: { 200: z.object({ decisions: z.array(decisionSchema) }) },
        },
      },
      async (request) => {
        const { node } = await nodeOf(request, access);
        const rows = await comfort.decisions(roomOf(node), request.query.limit ?? 50);
        return { decisions: rows.map(presentDecision) };
      },
    );
    app.post(
      `${COMFORT_ROUTE}/window/override`,
      {
        schema: {
          tags: ['comfort'],
          security,
          params: nodeParams,
          summary: 'Resumes heating now in a room held for an open window (ours)',
          description:
            'One tap: the room gets back what it had before the hold (its programme in auto), and detection waits for the fall in temperature to slow before it can hold again. `resumed` is false when the room was not held. The owner and the people the home is shared with; 404 not_found for anyone else.',
          response: { 200: z.object({ resumed: z.boolean() }) },
        },
      },
      async (request) => {
        const { node } = await nodeOf(request, access);
        return { resumed: await automation.override(roomOf(node)) };
      },
    );
  };
}
