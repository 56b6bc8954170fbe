import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSoftAp, type SoftAp } from './softap';

let ap: SoftAp;
const received: Array<{ essid: string; pass: string }> = [];

beforeAll(async () => {
  ap = await startSoftAp({
    port: 0,
    devId: '5100000000000000cc',
    onNetwork: (n) => received.push(n),
  });
});
afterAll(() => ap.close());

const post = (path: string, body: string) =>
  fetch(`${ap.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

describe('SoftAP provisioning API', () => {
  it('describes the device on GET /info', async () => {
    const res = await fetch(`${ap.url}/info`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      dev_id: '5100000000000000cc',
      product_id: '021D',
      mac: '00:00:00:00:00:cc',
    });
  });

  it('takes the home network on POST /mgr/wifi/network', async () => {
    const res = await post(
      '/mgr/wifi/network',
      JSON.stringify({ essid: 'HomeNet', pass: 'secret-pass' }),
    );
    expect(res.status).toBe(200);
    expect(received).toEqual([{ essid: 'HomeNet', pass: 'secret-pass' }]);
    expect(ap.networks).toEqual([{ essid: 'HomeNet' }]);
  });

  it('answers bad input with a 4xx and a message', async () => {
    const missing = await post('/mgr/wifi/network', JSON.stringify({ pass: 'x' }));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      statusCode: 400,
      error: 'validation_failed',
      message: expect.stringContaining('essid'),
    });
    expect((await post('/mgr/wifi/network', '{not json')).status).toBe(400);
    expect((await fetch(`${ap.url}/mgr/wifi/network`)).status).toBe(405);
    expect((await fetch(`${ap.url}/nothing`)).status).toBe(404);
    expect(received).toHaveLength(1);
  });
});
