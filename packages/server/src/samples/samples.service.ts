import { formatDecimal } from '@hearth/protocol';
import { errors } from '../errors';
import type { HomesRepository } from '../repositories/homes.repository';
import type { NodeRow } from '../repositories/nodes.repository';
import type { SamplesRepository } from '../repositories/samples.repository';
import type { DevRow } from '../repositories/devices.repository';
import { isTimeZone } from './sample-days.repository';
import type { SampleGroup, SamplesAggregateRepository } from './samples-aggregate.repository';

/** Raw samples are for a day or a few; longer spans are read as buckets (?group=). */
export const MAX_RAW_SPAN_S = 40 * 86_400;
/** A year chart plus slack for the months around it. */
export const MAX_GROUPED_SPAN_S = 400 * 86_400;

export function createSamplesService(deps: {
  samples: SamplesRepository;
  aggregates: SamplesAggregateRepository;
  homes: HomesRepository;
}) {
  const { samples, aggregates, homes } = deps;
  return {
    /** `{t,temp,counter}` per sample; a power monitor's `{t,counter,max,min}` (docs/wire-contract.md §5). */
    async raw(node: NodeRow, start: number, end: number) {
      if (end - start > MAX_RAW_SPAN_S)
        throw errors.validation('ask for at most 40 days of raw samples, or add group=day|month');
      const rows = await samples.range(node.devId, node.type, node.addr, start, end);
      return {
        samples: rows.map((r) =>
          node.type === 'pmo'
            ? { t: r.t, counter: r.counter, max: r.max ?? 0, min: r.min ?? 0 }
            : {
                t: r.t,
                temp: r.temp === null ? '' : formatDecimal(r.temp),
                counter: r.counter,
              },
        ),
      };
    },
    /** Buckets in the home's zone (or `tz`): `{t, counter_delta (Wh), temp (mean)}`. */
    async grouped(
      dev: DevRow,
      node: NodeRow,
      start: number,
      end: number,
      group: SampleGroup,
      tz: string | undefined,
    ) {
      if (end - start > MAX_GROUPED_SPAN_S)
        throw errors.validation('ask for at most 400 days at a time');
      let zone = tz;
      if (zone === undefined) {
        const home = dev.groupId ? await homes.findById(dev.groupId) : undefined;
        const code = home?.geoData.tz_code;
        zone = typeof code === 'string' && isTimeZone(code) ? code : 'UTC';
      }
      const buckets = await aggregates.buckets(
        { devIds: [node.devId], type: node.type, addr: node.addr },
        start,
        end,
        group,
        zone,
      );
      return {
        samples: buckets.map((b) => ({
          t: b.t,
          counter_delta: Math.round(b.counterDelta * 10) / 10,
          ...(b.temp === null ? {} : { temp: formatDecimal(b.temp) }),
        })),
      };
    },
  };
}
export type SamplesService = ReturnType<typeof createSamplesService>;
