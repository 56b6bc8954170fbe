import { describe, expect, test, vi } from 'vitest';
import { registerDevice, type RegistrationDeps } from './register-device';

/** A clock the sleeps advance, so waits are counted, not waited. */
function deps(over: Partial<RegistrationDeps>) {
  let t = 0;
  const sleeps: number[] = [];
  const d: RegistrationDeps = {
    reachable: async () => true,
    addDevice: async () => ({ status: 201 }),
    isMine: async () => false,
    connected: async () => true,
    sleep: async (ms) => {
      sleeps.push(ms);
      t += ms;
    },
    now: () => t,
    ...over,
  };
  return { d, sleeps };
}

describe('device registration', () => {
  test('gives up after 7 reachability tries 1 s apart', async () => {
    const reachable = vi.fn(async () => false);
    const { d, sleeps } = deps({ reachable });
    expect(await registerDevice(d)).toEqual({ kind: 'connectionError' });
    expect(reachable).toHaveBeenCalledTimes(7);
    expect(sleeps).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
  });

  test('the seventh try is enough', async () => {
    let n = 0;
    const { d } = deps({ reachable: async () => ++n === 7 });
    expect(await registerDevice(d)).toEqual({ kind: 'registered' });
  });

  test('409 for a device of the user is tolerated; for someone else it is a conflict', async () => {
    const mine = deps({ addDevice: async () => ({ status: 409 }), isMine: async () => true });
    expect(await registerDevice(mine.d)).toEqual({ kind: 'alreadyMine' });
    const theirs = deps({ addDevice: async () => ({ status: 409, error: 'device_conflict' }) });
    expect(await registerDevice(theirs.d)).toEqual({ kind: 'conflict' });
  });

  test('409 for a home id that is someone else\'s home is "home already registered"', async () => {
    const isMine = vi.fn(async () => true);
    const home = deps({
      addDevice: async () => ({ status: 409, error: 'already_registered' }),
      isMine,
    });
    expect(await registerDevice(home.d)).toEqual({ kind: 'homeRegistered' });
    expect(isMine).not.toHaveBeenCalled();
  });

  test('a 400 stops; a 5xx retries the whole registration', async () => {
    const bad = deps({ addDevice: async () => ({ status: 400 }) });
    expect(await registerDevice(bad.d)).toEqual({ kind: 'invalid' });
    const answers = [502, 500, 201];
    const add = vi.fn(async () => ({ status: answers.shift() ?? 201 }));
    const flaky = deps({ addDevice: add });
    expect(await registerDevice(flaky.d)).toEqual({ kind: 'registered' });
    expect(add).toHaveBeenCalledTimes(3);
  });

  test("the answer's error code decides, its status only when it has none", async () => {
    const isMine = vi.fn(async () => false);
    const taken = deps({
      addDevice: async () => ({ status: 400, error: 'device_conflict' }),
      isMine,
    });
    expect(await registerDevice(taken.d)).toEqual({ kind: 'conflict' });
    expect(isMine).toHaveBeenCalledTimes(1);
    const bad = deps({ addDevice: async () => ({ status: 409, error: 'validation_failed' }) });
    expect(await registerDevice(bad.d)).toEqual({ kind: 'invalid' });
    const home = deps({ addDevice: async () => ({ status: 409, error: 'already_registered' }) });
    expect(await registerDevice(home.d)).toEqual({ kind: 'homeRegistered' });
    // A 409 whose code says the server failed is no refusal: the registration is tried again.
    const answers = [
      { status: 409, error: 'internal_error' },
      { status: 400, error: 'bad_gateway' },
      { status: 201 },
    ];
    const add = vi.fn(async () => answers.shift() ?? { status: 201 });
    const failedFirst = deps({ addDevice: add, isMine });
    expect(await registerDevice(failedFirst.d)).toEqual({ kind: 'registered' });
    expect(add).toHaveBeenCalledTimes(3);
  });

  test('waits for the gateway within 60 s from the start, then gives up', async () => {
    let checks = 0;
    const never = deps({ connected: async () => (checks++, false) });
    expect(await registerDevice(never.d)).toEqual({ kind: 'connectionError' });
    expect(checks).toBe(60);
    let polls = 0;
    const later = deps({ connected: async () => ++polls === 5 });
    expect(await registerDevice(later.d)).toEqual({ kind: 'registered' });
  });
});
