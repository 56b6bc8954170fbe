// `npm start`: the whole system in one process on one port — the API, realtime, the
// embedded MQTT broker, the built app, and the simulator driving the demo homes.
import { createHearth, loadConfig } from '@hearth/server';
import { scaledClock, startFleet, windowsOption, type Fleet } from '@hearth/simulator';
import type { Server } from 'node:http';
import { simControlPort, startSimControl } from './sim-control';

const config = loadConfig(process.env);
const hearth = await createHearth(config);
const url = await hearth.listen();
const demo = await hearth.seedDemo();

let fleet: Fleet | undefined;
if (demo && process.env.SIMULATOR !== 'off') {
  // SIM_TIME_SCALE speeds up the simulated houses (a browser test wants to see a room
  // warm up in seconds); SIM_REPORT_MS is the gateways' report interval in device time;
  // SIM_WINDOWS=shut keeps every window shut (a screenshot must not meet an aired room).
  const scale = Number(process.env.SIM_TIME_SCALE ?? 1);
  fleet = await startFleet({
    mqttUrl: hearth.gatewayMqttUrl(),
    gateways: demo.gateways,
    reportIntervalMs: Number(process.env.SIM_REPORT_MS ?? 30_000),
    windows: windowsOption(process.env.SIM_WINDOWS, 'SIM_WINDOWS'),
    ...(scale !== 1 ? { clock: scaledClock(scale) } : {}),
  });
}

// Test hook, off unless SIM_CONTROL=1: lets browser journeys cut a simulated gateway off.
// Journeys read the demo's records, so the hook opens once its whole year is stored.
let control: Server | undefined;
if (fleet && process.env.SIM_CONTROL === '1') {
  await hearth.demoHistoryIdle();
  control = await startSimControl(fleet.gateways, Number(process.env.SIM_CONTROL_PORT ?? 0));
}

console.log(`\nHearth is running at ${url}`);
if (demo) {
  console.log(`  demo account   email: ${demo.email}   password: ${demo.password}`);
  console.log(`  demo gateways  ${demo.gateways.map((g) => g.devId).join(', ')} (simulated)`);
}
console.log(
  `  OAuth client   client id: ${hearth.clientCredentials.id}   client secret: ${hearth.clientCredentials.secret}`,
);
if (hearth.outboxDir) console.log(`  mail outbox    ${hearth.outboxDir}`);
if (control)
  console.log(`  sim control    http://127.0.0.1:${simControlPort(control)}/gateways (test hook)`);
console.log('');
// The demo homes' year of records is stored in the background; say when it is all there.
if (demo)
  void hearth
    .demoHistoryIdle()
    .then(() => console.log(`Demo records stored: the year before today is complete.`));

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down…`);
  control?.close();
  await fleet?.stop();
  await hearth.close();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
