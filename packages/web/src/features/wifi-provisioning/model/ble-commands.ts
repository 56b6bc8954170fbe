import { BLE_COMMAND_TERMINATOR, type BleAnswer, type BleCommand } from '@hearth/protocol';

/**
 * The classic Bluetooth path speaks the heater's HTTP API as JSON commands on one
 * characteristic (docs/native.md "Heater Bluetooth commands"): the command's UTF-8 JSON and a
 * newline are written in packets of at most `packet` bytes; reading the characteristic then
 * gives the answer `{status, body}`.
 */
export function commandPackets(command: BleCommand, packet: number): DataView[] {
  const bytes = new TextEncoder().encode(JSON.stringify(command) + BLE_COMMAND_TERMINATOR);
  const size = Math.max(1, packet);
  const out: DataView[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    const part = bytes.slice(at, at + size);
    out.push(new DataView(part.buffer, part.byteOffset, part.byteLength));
  }
  return out;
}

export function parseAnswer(value: DataView): BleAnswer {
  const text = new TextDecoder().decode(
    new Uint8Array(value.buffer, value.byteOffset, value.byteLength),
  );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('the heater answered something that is not JSON');
  }
  if (json === null || typeof json !== 'object' || typeof (json as BleAnswer).status !== 'number')
    throw new Error('the heater answered without a status');
  return json as BleAnswer;
}
