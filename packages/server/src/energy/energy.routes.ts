import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRICE_CSV_MAX_ROWS } from '@hearth/energy';
import { z } from 'zod';
import { currentUser } from '../http/authenticate';
import {
  costsAnswer,
  costsQuery,
  csvQuery,
  historyAnswer,
  PRICE_CSV_MAX_BYTES,
  TARIFF_BODY_MAX_BYTES,
  tariffBody,
  VALID_FROM_MAX_MS,
  VALID_FROM_MIN_MS,
} from './energy.schemas';
import type { EnergyService } from './energy.service';

/** Hearth's own API, beside the smartbox wire format (docs/wire-contract.md §5). */
export const TARIFFS_ROUTE = '/api/hearth/v1/homes/:gid/tariffs';
export const TARIFF_CSV_ROUTE = '/api/hearth/v1/homes/:gid/tariffs/csv';
export const TARIFF_ROUTE = '/api/hearth/v1/homes/:gid/tariffs/:valid_from';
export const COSTS_ROUTE = '/api/hearth/v1/homes/:gid/costs';

/** Comment lines and blank lines come on top of the price rows. */
const CSV_MAX_LINES = PRICE_CSV_MAX_ROWS * 2;
const CSV_LINE_MAX = 200;

const gid = z.object({ gid: z.string().max(64) });
const security = [{ bearer: [] }];
const WHO_READS =
  'Everyone the home is shared with reads; 404 not_found for anyone else, 401 without a token.';
const WHO_WRITES =
  'The owner only, signed in to the app: 403 forbidden for people it is shared with and for tokens linked to a voice assistant, 404 not_found for anyone else. A refused body stores nothing.';

export function energyRoutes(deps: { energy: EnergyService }): FastifyPluginAsyncZod {
  const { energy } = deps;
  return async (app) => {
    // The price CSV arrives as its lines, so every line is checked like any other text.
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: PRICE_CSV_MAX_BYTES },
      (_request, body, done) => done(null, String(body).split(/\r?\n/)),
    );

    app.get(
      TARIFFS_ROUTE,
      {
        schema: {
          tags: ['homes'],
          security,
          params: gid,
          summary: "A home's tariff history (ours)",
          description: `Oldest first, each valid from its \`validFrom\` (ms) until the next; prices per kWh in \`currency\`; time-of-use bands in the home's \`time_zone\`. ${WHO_READS}`,
          response: { 200: historyAnswer },
        },
      },
      async (request) => energy.list(currentUser(request), request.params.gid),
    );

    app.put(
      TARIFFS_ROUTE,
      {
        bodyLimit: TARIFF_BODY_MAX_BYTES,
        schema: {
          tags: ['homes'],
          security,
          params: gid,
          body: tariffBody,
          summary: 'Adds a tariff from a date, or replaces the one from that instant (ours)',
          description: `\`{currency, tariff}\`: a flat, time-of-use or dynamic tariff as docs/energy.md describes, from \`tariff.validFrom\` (ms). Every tariff of a home is in one currency. ${WHO_WRITES} Answers the history.`,
          response: { 200: historyAnswer },
        },
      },
      async (request) =>
        energy.put(
          currentUser(request),
          request.params.gid,
          request.body.currency,
          request.body.tariff,
        ),
    );

    app.put(
      TARIFF_CSV_ROUTE,
      {
        bodyLimit: PRICE_CSV_MAX_BYTES,
        schema: {
          tags: ['homes'],
          security,
          params: gid,
          querystring: csvQuery,
          body: z.array(z.string().max(CSV_LINE_MAX)).max(CSV_MAX_LINES),
          summary: 'Adds a dynamic tariff from a price CSV (ours)',
          description: `Content-Type: text/csv, the body the price CSV of docs/energy.md (header \`start,price_per_kwh\`); valid from \`valid_from\` (ms, default its first slot), slots of \`slot_minutes\` (default read from the rows), \`fallback_price_per_kwh\` where no slot is known. A problem in the CSV is a 400 naming its line ("line 3: …"). ${WHO_WRITES} Answers the history.`,
          response: { 200: historyAnswer },
        },
      },
      async (request) => {
        const q = request.query;
        return energy.putCsv(currentUser(request), request.params.gid, request.body, {
          currency: q.currency,
          ...(q.valid_from === undefined ? {} : { validFrom: q.valid_from }),
          ...(q.slot_minutes === undefined ? {} : { slotMinutes: q.slot_minutes }),
          ...(q.fallback_price_per_kwh === undefined
            ? {}
            : { fallbackPricePerKwh: q.fallback_price_per_kwh }),
        });
      },
    );

    app.delete(
      TARIFF_ROUTE,
      {
        schema: {
          tags: ['homes'],
          security,
          params: gid.extend({
            valid_from: z
              .string()
              .max(15)
              .regex(/^\d{1,15}$/, 'must be ms since the epoch')
              .transform(Number)
              .pipe(z.number().int().min(VALID_FROM_MIN_MS).max(VALID_FROM_MAX_MS)),
          }),
          summary: 'Deletes a tariff not yet in force (ours)',
          description: `A tariff whose \`validFrom\` (ms) has passed stays (400 validation_failed), so past costs keep their price; 404 not_found when there is none from that instant. ${WHO_WRITES}`,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await energy.remove(currentUser(request), request.params.gid, request.params.valid_from);
        return reply.code(204).send(null);
      },
    );

    app.get(
      COSTS_ROUTE,
      {
        schema: {
          tags: ['homes'],
          security,
          params: gid,
          querystring: costsQuery,
          summary: "Energy and its cost per day, month or year of the home's calendar (ours)",
          description: `From the stored samples in [start, end) (seconds, at most 400 days), each moment priced by the tariff valid then; buckets in the home's \`time_zone\` (a DST day is 23 or 25 hours), only those with energy. Per node and for the home (its heaters: a power monitor, type pmo, measures the whole supply and is not added). Energy with no price (before the first tariff, a gap in dynamic prices) is \`unpriced_kwh\`, never free. \`month_to_date\`: the current month so far and projected at the last days' rate. ${WHO_READS}`,
          response: { 200: costsAnswer },
        },
      },
      async (request) => {
        const { start, end, group } = request.query;
        return energy.costs(currentUser(request), request.params.gid, start, end, group);
      },
    );
  };
}
