import { applyCommand } from '@hearth/device-model';
import type { DemoDevice } from './demo-model';

/** A write the demo backend refuses, answered as a 400 like the server would. */
export class DemoBadRequest extends Error {}

let commandId = 0;

/**
 * Hands a write the server took to the device, as the server forwards it on `cmd`: the device
 * model applies it (`applyCommand`, the simulator's own handling). A command the device refuses
 * changes nothing and is answered as a 400.
 */
export function sendCommand(
  dev: DemoDevice,
  method: 'POST' | 'DELETE',
  path: string,
  body: unknown,
): void {
  commandId += 1;
  const result = applyCommand(dev.model, { id: `demo-${commandId}`, method, path, body });
  if (!result.ok) throw new DemoBadRequest(result.error);
}
