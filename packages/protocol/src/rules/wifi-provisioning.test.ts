import { describe, expect, test } from 'vitest';
import {
  bleHeaterFamily,
  bleUuid,
  classifyBleError,
  devIdOf,
  espPasswordFits,
  fallBackToAccessPoint,
  initialProvisioning,
  parseWifiQr,
  provisioningMethods,
  provisioningReducer,
  signalLevel,
  sortNetworks,
  type ProvisioningEvent,
  type ProvisioningState,
} from './wifi-provisioning';
import {
  ACCESS_POINT_PORT,
  ACCESS_POINT_PREFIX,
  ACCESS_POINT_WAIT_MS,
  BLUETOOTH_PASSWORD_LIMIT,
  BLUETOOTH_PACKET_SIZE,
  BLUETOOTH_TIMEOUT_MS,
  ESPTOUCH_TIMEOUT_MS,
} from './constants';

describe('the spec values', () => {
  test('timeouts, access point and Bluetooth constants', () => {
    expect(ESPTOUCH_TIMEOUT_MS).toBe(60_000);
    expect(BLUETOOTH_TIMEOUT_MS).toBe(60_000);
    expect(ACCESS_POINT_PREFIX).toBe('Heater');
    expect(ACCESS_POINT_PORT).toBe(8080);
    expect(ACCESS_POINT_WAIT_MS).toBe(2_000);
    expect(BLUETOOTH_PACKET_SIZE).toBe(500);
    expect(BLUETOOTH_PASSWORD_LIMIT).toBe(15);
  });
});

describe('parseWifiQr', () => {
  test('S: and P: fill both', () => {
    expect(parseWifiQr('S:HomeNet;P:s3cret;')).toEqual({ essid: 'HomeNet', password: 's3cret' });
  });
  test('the usual WIFI: code, in any field order, with escapes', () => {
    expect(parseWifiQr('WIFI:T:WPA;P:a\\;b\\\\c;S:My\\:Net;;')).toEqual({
      essid: 'My:Net',
      password: 'a;b\\c',
    });
  });
  test('an open network has an empty password', () => {
    expect(parseWifiQr('WIFI:S:Cafe;P:;;')).toEqual({ essid: 'Cafe', password: '' });
  });
  test('anything else scans again', () => {
    expect(parseWifiQr('https://example.org')).toBeNull();
    expect(parseWifiQr('S:HomeNet;')).toBeNull();
    expect(parseWifiQr('P:only;')).toBeNull();
    expect(parseWifiQr('S:;P:x;')).toBeNull();
    // A field without its closing semicolon is not complete.
    expect(parseWifiQr('S:HomeNet;P:s3cret')).toBeNull();
  });
});

describe('networks', () => {
  test('four signal levels at -70, -60 and -40', () => {
    expect(signalLevel(-90)).toBe(1);
    expect(signalLevel(-71)).toBe(1);
    expect(signalLevel(-70)).toBe(2);
    expect(signalLevel(-61)).toBe(2);
    expect(signalLevel(-60)).toBe(3);
    expect(signalLevel(-41)).toBe(3);
    expect(signalLevel(-40)).toBe(4);
    expect(signalLevel(-10)).toBe(4);
  });
  test('strongest first, one entry per name, hidden ones left out', () => {
    expect(
      sortNetworks([
        { essid: 'Far', rssi: -85 },
        { essid: 'Home', rssi: -55 },
        { essid: '', rssi: -20 },
        { essid: 'Home', rssi: -45 },
        { essid: 'Near', rssi: -30 },
      ]),
    ).toEqual([
      { essid: 'Near', rssi: -30 },
      { essid: 'Home', rssi: -45 },
      { essid: 'Far', rssi: -85 },
    ]);
  });
});

describe('methods', () => {
  test('bt first, access point always, espTouch where present', () => {
    expect(provisioningMethods({ bluetooth: true, espTouch: false })).toEqual([
      'bt',
      'accessPoint',
    ]);
    expect(provisioningMethods({ bluetooth: true, espTouch: true })).toEqual([
      'bt',
      'accessPoint',
      'espTouch',
    ]);
    expect(provisioningMethods({ bluetooth: false, espTouch: false })).toEqual(['accessPoint']);
  });
});

function run(events: ProvisioningEvent[], from = initialProvisioning()): ProvisioningState {
  return events.reduce(provisioningReducer, from);
}

const toProvisioning = (method: 'bt' | 'espTouch' | 'accessPoint'): ProvisioningEvent[] => [
  { type: 'networkSubmitted', essid: 'HomeNet', password: 'pw' },
  { type: 'methodChosen', method },
  { type: 'connectionInfoAccepted' },
];

describe('provisioning state machine', () => {
  test('starts on the network data with Bluetooth as the default method', () => {
    expect(initialProvisioning()).toMatchObject({ subStep: 1, method: 'bt', phase: 'editing' });
  });

  test('the four sub-steps in order', () => {
    const s = run(toProvisioning('bt'));
    expect(s).toMatchObject({ subStep: 4, phase: 'running', essid: 'HomeNet', password: 'pw' });
  });

  test('Bluetooth failing on sub-step 4 switches to the access point one step back', () => {
    const s = run([...toProvisioning('bt'), { type: 'methodFailed' }]);
    expect(s).toMatchObject({
      subStep: 3,
      method: 'accessPoint',
      phase: 'editing',
      fellBackFrom: 'bt',
    });
    // Then the access point path runs on sub-step 4 again.
    expect(provisioningReducer(s, { type: 'connectionInfoAccepted' })).toMatchObject({
      subStep: 4,
      method: 'accessPoint',
      phase: 'running',
    });
  });

  test('espTouch falls back the same way', () => {
    expect(run([...toProvisioning('espTouch'), { type: 'methodFailed' }])).toMatchObject({
      subStep: 3,
      method: 'accessPoint',
      fellBackFrom: 'espTouch',
    });
  });

  test('a switch before sub-step 4 keeps the step', () => {
    const s = run([
      { type: 'networkSubmitted', essid: 'HomeNet', password: 'pw' },
      { type: 'methodChosen', method: 'bt' },
    ]);
    expect(fallBackToAccessPoint(s)).toMatchObject({ subStep: 3, method: 'accessPoint' });
  });

  test('the access point failing has nothing to fall back to', () => {
    expect(run([...toProvisioning('accessPoint'), { type: 'methodFailed' }])).toMatchObject({
      subStep: 4,
      phase: 'failed',
    });
  });

  test('access point: device found, network sent, hub confirms', () => {
    const s = run([
      ...toProvisioning('accessPoint'),
      { type: 'deviceFound', devId: '5100ffffffffffff01' },
    ]);
    expect(s).toMatchObject({ phase: 'deviceFound', devId: '5100ffffffffffff01' });
    const sent = provisioningReducer(s, { type: 'networkSent' });
    expect(sent.phase).toBe('confirming');
    expect(
      provisioningReducer(sent, { type: 'hubConfirmed', devId: '5100ffffffffffff01' }),
    ).toMatchObject({ phase: 'done', devId: '5100ffffffffffff01' });
    expect(provisioningReducer(sent, { type: 'hubTimedOut' }).phase).toBe('failed');
  });

  test('a late failure after success changes nothing', () => {
    const done = run([
      ...toProvisioning('bt'),
      { type: 'networkSent' },
      { type: 'hubConfirmed', devId: 'abc' },
    ]);
    expect(provisioningReducer(done, { type: 'methodFailed' })).toBe(done);
    expect(provisioningReducer(done, { type: 'hubTimedOut' })).toBe(done);
  });

  test('cancelling a running method goes back to preparing the heater', () => {
    const running = run(toProvisioning('bt'));
    expect(provisioningReducer(running, { type: 'cancelled' })).toMatchObject({
      subStep: 3,
      method: 'bt',
      phase: 'editing',
    });
    const done = run([...toProvisioning('bt'), { type: 'hubConfirmed', devId: 'abc' }]);
    expect(provisioningReducer(done, { type: 'cancelled' })).toBe(done);
  });

  test('coming back to a flow that ended starts again at preparing the heater', () => {
    const done = run([...toProvisioning('bt'), { type: 'hubConfirmed', devId: 'abc' }]);
    expect(provisioningReducer(done, { type: 'reentered' })).toMatchObject({
      subStep: 3,
      method: 'bt',
      phase: 'editing',
      devId: null,
      essid: done.essid,
    });
    const failed = run([...toProvisioning('accessPoint'), { type: 'methodFailed' }]);
    expect(failed.phase).toBe('failed');
    expect(provisioningReducer(failed, { type: 'reentered' })).toMatchObject({
      subStep: 3,
      method: 'accessPoint',
      phase: 'editing',
    });
    const running = run(toProvisioning('bt'));
    expect(provisioningReducer(running, { type: 'reentered' })).toBe(running);
  });

  test('back goes one sub-step back, never while a method runs', () => {
    const s = run([
      { type: 'networkSubmitted', essid: 'HomeNet', password: 'pw' },
      { type: 'methodChosen', method: 'bt' },
      { type: 'back' },
    ]);
    expect(s.subStep).toBe(2);
    expect(run([{ type: 'back' }]).subStep).toBe(1);
    const running = run(toProvisioning('bt'));
    expect(provisioningReducer(running, { type: 'back' })).toBe(running);
  });
});

describe('Bluetooth rules', () => {
  test('the two name families', () => {
    expect(bleHeaterFamily('Heater_1a2b')).toBe('esp');
    expect(bleHeaterFamily('Heater-1a2b')).toBe('classic');
    expect(bleHeaterFamily('Speaker')).toBeNull();
    expect(bleHeaterFamily(undefined)).toBeNull();
  });
  test('the Espressif password limit is 15', () => {
    expect(espPasswordFits('x'.repeat(15))).toBe(true);
    expect(espPasswordFits('x'.repeat(16))).toBe(false);
  });
  test('known errors in the spec words and in the plugin words', () => {
    expect(classifyBleError('Connection failed')).toBe('connectionFailed');
    expect(classifyBleError('Failed to connect.')).toBe('connectionFailed');
    expect(classifyBleError('Connection timeout.')).toBe('connectionFailed');
    expect(classifyBleError('Not connected to device.')).toBe('connectionFailed');
    expect(classifyBleError('Already bonding')).toBe('alreadyBonding');
    expect(classifyBleError('Creating bond failed.')).toBe('alreadyBonding');
    expect(classifyBleError('Device previously connected')).toBe('previouslyConnected');
    expect(classifyBleError('Device is not disconnected')).toBe('notDisconnected');
    expect(classifyBleError('BLE permission denied')).toBeNull();
  });
  test('16-bit UUIDs in the long form', () => {
    expect(bleUuid(0xde45)).toBe('0000de45-0000-1000-8000-00805f9b34fb');
    expect(bleUuid(0xff33)).toBe('0000ff33-0000-1000-8000-00805f9b34fb');
  });
  test('the device id of an answer', () => {
    expect(devIdOf({ devid: 'abc' })).toBe('abc');
    expect(devIdOf({ dev_id: 'def' })).toBe('def');
    expect(devIdOf({})).toBeNull();
    expect(devIdOf(undefined)).toBeNull();
  });
});
