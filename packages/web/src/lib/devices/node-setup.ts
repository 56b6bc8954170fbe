import { formatDecimal, type NodeSetup } from '@hearth/protocol';
import { http } from '../http';
import { nodeUrl } from './device-paths';
import { postNodeWrite, type NodeRef } from './node-commands';

const TEMPERATURE_KEY = /(^|_)(temp|temperature|offset)$/;

/** docs/wire-contract.md §1: temperatures travel as decimal strings, even when a gateway reported numbers. */
function decimalStrings(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(obj).map(([k, v]) => [
      k,
      TEMPERATURE_KEY.test(k) && typeof v === 'number' ? formatDecimal(v) : v,
    ]),
  );
}

/**
 * A setup read back, ready to be written again: temperatures and offsets reported as numbers
 * (some gateways do) become decimal strings, at the top level and in extra_options, or the
 * server refuses the whole write.
 */
export function wireSetup(setup: Record<string, unknown>): Record<string, unknown> {
  const out = decimalStrings(setup);
  const extra = setup.extra_options;
  if (extra && typeof extra === 'object' && !Array.isArray(extra))
    out.extra_options = decimalStrings(extra as Record<string, unknown>);
  return out;
}

/** Setup is a full object (docs/wire-contract.md §5): read it, change some fields, write it back. */
export async function changeSetup(node: NodeRef, change: Record<string, unknown>): Promise<void> {
  const setup = await http.request<NodeSetup>(nodeUrl(node, 'setup'));
  const out = wireSetup(setup);
  await postNodeWrite(node, 'setup', { ...out, ...change });
}
