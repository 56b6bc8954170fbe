import { describe, expect, it } from 'vitest';
import { dbSnapshot } from '../security/fuzz/db-snapshot';
import { randomDevId, useTestHearth, type TestHearth } from '../test-support/test-hearth';
import { call, homeWorld } from './homes.test-helpers';

let t: TestHearth;
useTestHearth((started) => (t = started));

describe('POST /api/v2/devs with the token of a deleted account', () => {
  it('is a 401 that stores nothing, never a 5xx (docs/wire-contract.md §1)', async () => {
    const w = await homeWorld(t);
    const gone = await call('DELETE', `${t.url}/api/v2/users/${w.strangerId}`, w.stranger, {
      password: 'correct horse',
    });
    expect(gone.status).toBe(200);
    const before = await dbSnapshot(t.hearth.db);
    const res = await call('POST', `${t.url}/api/v2/devs`, w.stranger, {
      country: 'ES',
      state: 'Madrid',
      city: 'Madrid',
      zip: '28001',
      tz_code: 'Europe/Madrid',
      groupData: { name: 'Flat', id: '0f8fad5b-d9cb-469f-a165-70867728950e' },
      dev_id: randomDevId(),
      serial_id: '01.01',
      name: 'Hall box',
      product_id: '0105',
    });
    expect(res).toMatchObject({ status: 401, body: { statusCode: 401, error: 'unauthorized' } });
    expect(await dbSnapshot(t.hearth.db)).toEqual(before);
  });
});
