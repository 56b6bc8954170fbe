import { afterEach, describe, expect, test, vi } from 'vitest';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { fetchClientData } from './client-data';

afterEach(() => vi.unstubAllGlobals());

const capabilities = {
  supportedNodeTypes: ['htr', 'acm'],
  supportedLanguages: ['en'],
  supportedTimezones: ['Europe/Madrid'],
  wifiSmartboxAvailable: false,
  geolocationEnabled: true,
  inviteEnabled: false,
  powerScheduleAvailable: false,
  sampleDownloadEnabled: true,
  htrPowerLimitAvailable: false,
};

describe('client data (spec 1 §7)', () => {
  test('reads the five files in order; a failing or malformed file is left out', async () => {
    const { calls } = installFakeFetch({
      'GET /client-data/02/appParameters.json': () =>
        json({ title: 'Calora', frontendHost: '', maxOutdoorRange: 800 }),
      'GET /client-data/02/supportData.json': () => json({ email: 42 }),
      'GET /client-data/02/capabilities.json': () => json(capabilities),
      'GET /client-data/02/resources.json': () => json({ message: 'down' }, 503),
      'GET /client-data/02/nodeParameters.json': () => json({}),
    });
    const data = await fetchClientData('02');
    expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).toEqual([
      '/client-data/02/appParameters.json',
      '/client-data/02/supportData.json',
      '/client-data/02/capabilities.json',
      '/client-data/02/resources.json',
      '/client-data/02/nodeParameters.json',
    ]);
    expect(data.appParameters?.maxOutdoorRange).toBe(800);
    expect(data.capabilities?.inviteEnabled).toBe(false);
    expect(data.supportData).toBeUndefined();
    expect(data.resources).toBeUndefined();
    expect(data.nodeParameters).toBeUndefined();
  });
});
