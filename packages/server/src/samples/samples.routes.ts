import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccessService } from '../devices/access.service';
import { nodeOf, nodeParams, security } from '../devices/node-params';
import { SAMPLE_GROUPS } from './samples-aggregate.repository';
import { isTimeZone } from './sample-days.repository';
import type { SamplesService } from './samples.service';

/**
 * Whole seconds since the epoch as the query writes them (docs/wire-contract.md §5 `?start=&end=`): digits
 * only, so that an empty value is not read as 0 nor "0x10" as 16.
 */
const seconds = z
  .string()
  .max(15)
  .regex(/^\d{1,15}$/, 'must be whole seconds since the epoch, e.g. 1700000000')
  .transform(Number);
const samplesQuery = z
  .object({
    start: seconds,
    end: seconds,
    group: z.enum(SAMPLE_GROUPS).optional(),
    tz: z
      .string()
      .max(64)
      .refine(isTimeZone, 'must be an IANA time zone such as Europe/Madrid')
      .optional(),
  })
  .refine((q) => q.end >= q.start, { message: 'end must not be before start', path: ['end'] });

const sampleAnswer = z.object({
  samples: z.array(
    z.object({
      t: z.number(),
      temp: z.string().optional(),
      counter: z.number().optional(),
      max: z.number().optional(),
      min: z.number().optional(),
      counter_delta: z.number().optional(),
    }),
  ),
});

export function samplesRoutes(deps: {
  access: AccessService;
  samplesService: SamplesService;
}): FastifyPluginAsyncZod {
  const { access, samplesService } = deps;
  return async (app) => {
    app.get(
      '/api/v2/devs/:dev/:type/:addr/samples',
      {
        schema: {
          tags: ['nodes'],
          security,
          params: nodeParams,
          querystring: samplesQuery,
          description:
            'Samples between start and end (seconds). Without group: raw `{t,temp,counter}` (pmo `{t,counter,max,min}`), at most 40 days. ' +
            "Ours: group=quarter|hour|day|month (and optional tz, default the home's zone) answers one entry per bucket " +
            '`{t (bucket start), counter_delta (Wh), temp (mean)}`, end exclusive, buckets in local time across DST ' +
            '(a spring-forward day has 23 hour buckets, an autumn one 25).',
          response: { 200: sampleAnswer },
        },
      },
      async (request) => {
        const { node, dev } = await nodeOf(request, access);
        const { start, end, group, tz } = request.query;
        if (!group) return samplesService.raw(node, start, end);
        return samplesService.grouped(dev, node, start, end, group, tz);
      },
    );
  };
}
