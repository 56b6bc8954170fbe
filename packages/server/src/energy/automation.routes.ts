import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chargePlanAnswer,
  chargePlanSettings,
  powerGuardActionsAnswer,
  powerGuardActionsQuery,
  powerGuardSettings,
  priceSourceAnswer,
  priceSourceBody,
} from '@hearth/protocol';
import { z } from 'zod';
import { nodeParams } from '../devices/node-params';
import { currentUser } from '../http/authenticate';
import type { ChargePlans } from './charge-plans.service';
import type { PowerGuard } from './power-guard.service';
import type { PriceSources } from './price-sources';

/** Hearth's own API, beside the smartbox wire format (docs/wire-contract.md §5). */
export const PRICE_SOURCE_ROUTE = '/api/hearth/v1/homes/:gid/tariffs/price_source';
export const POWER_GUARD_ROUTE = '/api/hearth/v1/homes/:gid/power_guard';
export const POWER_GUARD_ACTIONS_ROUTE = '/api/hearth/v1/homes/:gid/power_guard/actions';
export const CHARGE_PLAN_ROUTE = '/api/hearth/v1/devs/:dev/:type/:addr/charge_plan';

const gid = z.object({ gid: z.string().max(64) });
const security = [{ bearer: [] }];
const BODY_MAX_BYTES = 16 * 1024;
const OWNER_WRITES =
  'The owner only, signed in to the app: 403 forbidden for people the home is shared with and for tokens linked to a voice assistant, 404 not_found for anyone else. A refused body stores nothing.';
const DEFAULT_ACTIONS = 50;

export function energyAutomationRoutes(deps: {
  prices: PriceSources;
  guard: PowerGuard;
  plans: ChargePlans;
}): FastifyPluginAsyncZod {
  const { prices, guard, plans } = deps;
  return async (app) => {
    app.get(
      PRICE_SOURCE_ROUTE,
      {
        schema: {
          tags: ['homes'],
          security,
          params: gid,
          summary: "Where a home's dynamic prices are fetched from (ours)",
          description:
            'The price CSV address, its currency, when prices were last fetched (ms) and why the last fetch failed. 404 not_found when the home has none. The owner only (403 for the people it is shared with).',
          response: { 200: priceSourceAnswer },
        },
      },
      async (request) => prices.get(currentUser(request), request.params.gid),
    );
    app.put(
      PRICE_SOURCE_ROUTE,
      {
        bodyLimit: BODY_MAX_BYTES,
        schema: {
          tags: ['homes'],
          security,
          params: gid,
          body: priceSourceBody,
          summary: 'Fetches the home’s dynamic prices from a URL, at once and hourly (ours)',
          description: `\`{url, currency, slot_minutes?, fallback_price_per_kwh?}\`: a price CSV (docs/energy.md) served over https by a host the server's operator allows (PRICE_URL_HOSTS); any other host is 400 price_source_not_allowed. Fetched at once, then every hour: each fetch with new prices adds a dynamic tariff from the current slot on. A failed fetch is kept as \`last_error\` (200). ${OWNER_WRITES}`,
          response: { 200: priceSourceAnswer },
        },
      },
      async (request) => prices.put(currentUser(request), request.params.gid, request.body),
    );
    app.delete(
      PRICE_SOURCE_ROUTE,
      {
        schema: {
          tags: ['homes'],
          security,
          params: gid,
          summary: 'Stops fetching prices from a URL (ours)',
          description: `The tariffs already fetched stay. 404 not_found when the home has no price source. ${OWNER_WRITES}`,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await prices.remove(currentUser(request), request.params.gid);
        return reply.code(204).send(null);
      },
    );

    app.get(
      POWER_GUARD_ROUTE,
      {
        schema: {
          tags: ['homes'],
          security,
          params: gid,
          summary: "A home's power guard (ours)",
          description:
            "Whether it runs (`enabled`), writes or only reports (`dry_run`), the cap on each clock hour's average (`cap_kw`) and on the instant draw (`instant_cap_kw`, null for none), the rooms it may lower, lowest lowered first (`priority`, room ids `<dev_id>/<type>/<addr>`), and the power monitor it reads (`monitor`, null: the home's first). The owner and residents; 403 forbidden for guests, 404 not_found for anyone else.",
          response: { 200: powerGuardSettings },
        },
      },
      async (request) => guard.settings(currentUser(request), request.params.gid),
    );
    app.put(
      POWER_GUARD_ROUTE,
      {
        bodyLimit: BODY_MAX_BYTES,
        schema: {
          tags: ['homes'],
          security,
          params: gid,
          body: powerGuardSettings,
          summary: "Sets a home's power guard (ours)",
          description: `The settings as GET answers them. Only heaters of the home in \`priority\` (each once; a storage heater in it is never lowered: its draw follows its charging programme, not its set point), a power monitor of the home as \`monitor\`; switching it on needs a power monitor; \`instant_cap_kw\` not below \`cap_kw\`. Switching it off or to a dry run puts back what it lowered. ${OWNER_WRITES}`,
          response: { 200: powerGuardSettings },
        },
      },
      async (request) => guard.put(currentUser(request), request.params.gid, request.body),
    );
    app.get(
      POWER_GUARD_ACTIONS_ROUTE,
      {
        schema: {
          tags: ['homes'],
          security,
          params: gid,
          querystring: powerGuardActionsQuery,
          summary: 'What the power guard did, and why (ours)',
          description:
            'Newest first, at most `limit` (default 50, at most 500), kept 90 days: `kind` lower, restore, release (an owner changed a lowered room) or unable (nothing left to lower), the set point it went to (`to_c`), whether it was a dry run, an English `text` and the reason as data (`detail.reason`: hour-average, instant, headroom, owner-changed, guard-off; with `projected_kw`, `cap_kw`, `minutes` where they apply). The owner and residents; 403 forbidden for guests.',
          response: { 200: powerGuardActionsAnswer },
        },
      },
      async (request) =>
        guard.actions(
          currentUser(request),
          request.params.gid,
          request.query.limit ?? DEFAULT_ACTIONS,
        ),
    );

    app.get(
      CHARGE_PLAN_ROUTE,
      {
        schema: {
          tags: ['nodes'],
          security,
          params: nodeParams,
          summary: "A storage heater's charge plan (ours)",
          description:
            "The settings (`enabled`, `target_pct` of its store, `ready_by` HH:mm in the home's zone, `min_block_min`) and the plan last made (null while off or without a tariff): its slots with the kWh and price of each, the cost, whether it reaches the target and why, in English. Only a storage heater (acm; 400 for any other type). The owner, residents and guests with the room in their scope; 404 not_found for anyone else.",
          response: { 200: chargePlanAnswer },
        },
      },
      async (request) => {
        const { dev, type, addr } = request.params;
        return plans.get(currentUser(request), dev, type, addr);
      },
    );
    app.put(
      CHARGE_PLAN_ROUTE,
      {
        bodyLimit: BODY_MAX_BYTES,
        schema: {
          tags: ['nodes'],
          security,
          params: nodeParams,
          body: chargePlanSettings,
          summary: "Sets a storage heater's charge plan (ours)",
          description: `The settings as GET answers them; planned at once with the home's other plans and sent to the heater as its charging programme (its two charging windows), again when prices change, when the ready-by time passes and every 6 hours. Switched off, the heater gets back the programme it had. ${OWNER_WRITES}`,
          response: { 200: chargePlanAnswer },
        },
      },
      async (request) => {
        const { dev, type, addr } = request.params;
        return plans.put(currentUser(request), dev, type, addr, request.body);
      },
    );
  };
}
