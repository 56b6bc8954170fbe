import { z } from 'zod';
import { badRequest, parseBody } from './demo-validate';

const DAY_S = 86_400;
/** The server's spans (docs/wire-contract.md §5 samples): 40 days of raw samples, 400 days grouped. */
const MAX_RAW_SPAN_S = 40 * DAY_S;
const MAX_GROUPED_SPAN_S = 400 * DAY_S;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch (err) {
    if (err instanceof RangeError) return false;
    throw err;
  }
}

const seconds = z
  .string()
  .regex(/^\d{1,15}$/, 'must be whole seconds since the epoch, e.g. 1700000000')
  .transform(Number);

const samplesQuery = z
  .object({
    start: seconds,
    end: seconds,
    group: z.enum(['quarter', 'hour', 'day', 'month']).optional(),
    tz: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Madrid').optional(),
  })
  .refine((q) => q.end >= q.start, { message: 'end must not be before start', path: ['end'] });

/** The samples query as the server reads it, with its 400s. */
export function parseSamplesQuery(query: URLSearchParams) {
  const q = parseBody(samplesQuery, Object.fromEntries(query), 'querystring');
  if (!q.group && q.end - q.start > MAX_RAW_SPAN_S)
    throw badRequest('ask for at most 40 days of raw samples, or add group=day|month');
  if (q.group && q.end - q.start > MAX_GROUPED_SPAN_S)
    throw badRequest('ask for at most 400 days at a time');
  return q;
}
