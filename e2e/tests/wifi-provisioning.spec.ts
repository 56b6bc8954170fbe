import { expect, test, type Page } from '@playwright/test';
import { createDecipheriv, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSoftAp, type Fleet, type SoftAp } from '@hearth/simulator';
import { WIFI_HEATER_PRODUCT_IDS, type GroupedHome } from '@hearth/protocol';
import { DEMO_EMAIL, DEMO_PASSWORD, signIn } from './fixtures';
import { field, fillHomeData, freshDevId, startGateway, tokenFor, visible } from './homes-fixtures';

/**
 * The wifi heater path of the add-home wizard in Chromium. There is no phone here, so the app's
 * native wifi and Bluetooth are swapped for a "fake native" (window.__HEARTH_FAKE_NATIVE__, see
 * packages/web/src/lib/platform/wifi-test-hook.ts): Bluetooth is unsupported, and "joining" the
 * heater's network joins nothing but hands the app the simulator's SoftAP on loopback, so every
 * HTTP call of the access point path is real. When the SoftAP receives the network, a simulated
 * heater with that device id connects to the server, as a real one does once on the home wifi.
 */
function installFakeNative(page: Page, softApUrl: string) {
  return page.addInitScript((origin) => {
    const unsupported = () => Promise.reject(new Error('BLE unsupported'));
    const central = {
      initialize: unsupported,
      isEnabled: unsupported,
      requestEnable: unsupported,
      requestLEScan: unsupported,
      stopLEScan: unsupported,
      connect: unsupported,
      createBond: unsupported,
      disconnect: unsupported,
      discoverServices: unsupported,
      getServices: unsupported,
      getMtu: unsupported,
      read: unsupported,
      write: unsupported,
    };
    const joined: string[] = [];
    // The camera reads a code that is no network first, then the home network's WIFI: code.
    const qrCodes = ['https://example.org/manual', 'WIFI:T:WPA;S:HomeNet;P:kitchen-42;;'];
    Object.assign(window, {
      __HEARTH_FAKE_NATIVE__: {
        wifi: {
          available: true,
          capabilities: async () => ({ scan: true, espTouch: false, qr: true }),
          scanNetworks: async () => [
            { essid: 'Neighbours', rssi: -82 },
            { essid: 'HomeNet', rssi: -38 },
            { essid: 'HomeNet', rssi: -66 },
          ],
          currentSsid: async () => null,
          scanQrCode: async () => qrCodes.shift() ?? null,
          joinAccessPoint: async ({ prefix }: { prefix: string }) => {
            joined.push(prefix);
            return { ssid: `${prefix}_00e2`, origin };
          },
          leaveAccessPoint: async () => undefined,
          espTouch: () => Promise.reject(new Error('no espTouch')),
        },
        ble: { available: true, os: 'android', central, espProvision: unsupported },
      },
      __joinedAccessPoints: joined,
    });
  }, softApUrl);
}

// The native app is served by Capacitor, without the server's Content-Security-Policy header
// (connect-src 'self'), and reaches the heater's API on its own network; the browser here plays
// that shell, so the page may reach the SoftAP's loopback origin.
test.use({ bypassCSP: true });

function wifiKey(): Buffer {
  const dir = process.env.E2E_DATA_DIR ?? '';
  const { gatewayKey } = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as {
    gatewayKey: string;
  };
  return createHmac('sha256', gatewayKey).update('hearth wifi credentials v1', 'utf8').digest();
}

/** docs/device-protocol.md "Wifi credentials", as the heater decrypts it. */
function decrypt(encrypted: string, ssid: string): string {
  const raw = Buffer.from(encrypted, 'base64');
  const d = createDecipheriv('aes-256-gcm', wifiKey(), raw.subarray(0, 12));
  d.setAAD(Buffer.from(ssid, 'utf8'));
  d.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]).toString('utf8');
}

test('add a wifi heater: Bluetooth fails, the access point path provisions the SoftAP, the heater registers; then its wifi configuration', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const devId = freshDevId();
  const received: Array<{ essid: string; pass: string }> = [];
  let heater: Promise<Fleet> | undefined;
  const ap: SoftAp = await startSoftAp({
    port: 0,
    devId,
    onNetwork: (network) => {
      received.push(network);
      // Once it has the home network the heater reaches the server.
      heater ??= startGateway(baseURL ?? '', devId, [
        { type: 'htr', name: 'Hall heater', addr: 2 },
      ]);
    },
  });
  try {
    await installFakeNative(page, ap.url);
    await signIn(page);
    const homeName = `Wifi ${devId.slice(-5)}`;
    await page.goto('/list/addHome/homeData');
    await fillHomeData(page, homeName);
    await visible(page.getByText('Next', { exact: true })).click();

    // The native app offers the wifi heater.
    await visible(page.getByRole('radio', { name: 'Wi-Fi heater' })).check();
    await visible(page.getByText('Next', { exact: true })).click();

    // The wifi heater path starts with the model: the brand's wifi heaters.
    const models = visible(
      page.getByRole('group', { name: 'Which heater model are you installing?' }),
    );
    await expect(models.getByRole('radio')).toHaveCount(WIFI_HEATER_PRODUCT_IDS.length);
    for (const id of WIFI_HEATER_PRODUCT_IDS)
      await expect(models.getByRole('radio', { name: id })).toBeVisible();
    await models.getByRole('radio', { name: '0A34' }).check();
    await visible(page.getByText('Next', { exact: true })).click();
    const subStep = visible(page.getByTestId('wifi-sub-step'));
    await expect(subStep).toHaveText('Step 1 of 4: Wi-Fi network');

    // Networks strongest first, one per name, with their signal level.
    const networks = visible(page.getByRole('list')).getByRole('button');
    await expect(networks).toHaveText(['HomeNetSignal 4 of 4', 'NeighboursSignal 1 of 4']);
    await networks.last().click();
    await expect(field(page, 'Network name')).toHaveValue('Neighbours');
    // The network's QR code fills both fields; a code that is no network is scanned again.
    await visible(page.getByRole('button', { name: "Scan the network's QR code" })).click();
    await expect(field(page, 'Network name')).toHaveValue('HomeNet');
    await expect(field(page, 'Network password')).toHaveValue('kitchen-42');
    await expect(visible(page.getByText(/holds no Wi-Fi network/))).toBeVisible();
    await visible(page.getByText('Next', { exact: true })).click();

    await expect(subStep).toHaveText('Step 2 of 4: Connection method');
    await expect(
      visible(page.getByRole('radio', { name: 'Bluetooth (recommended)' })),
    ).toBeChecked();
    await visible(page.getByText('Next', { exact: true })).click();
    await expect(subStep).toHaveText('Step 3 of 4: Prepare the heater');
    await visible(page.getByText('The heater is ready')).click();

    // Bluetooth is unsupported: the access point takes over, one step back.
    await expect(subStep).toHaveText('Step 3 of 4: Prepare the heater');
    await expect(visible(page.getByText(/did not work/))).toBeVisible();
    await expect(visible(page.getByText(/named Heater_xxxx/))).toBeVisible();
    await visible(page.getByText('The heater is ready')).click();
    await expect(subStep).toHaveText('Step 4 of 4: Connecting');
    await expect(visible(page.getByText(`Heater found: ${devId}`))).toBeVisible();

    // The wizard moves on to the device data with the id the heater said.
    await expect(field(page, 'Device name')).toBeVisible();
    await expect(field(page, 'Device identifier')).toHaveCount(0);
    expect(
      await page.evaluate(
        () => (window as unknown as { __joinedAccessPoints: string[] }).__joinedAccessPoints,
      ),
    ).toEqual(['Heater']);
    expect(received).toHaveLength(1);
    expect(received[0]?.essid).toBe('HomeNet');
    expect(received[0]?.pass).not.toContain('kitchen');
    expect(decrypt(received[0]?.pass ?? '', 'HomeNet')).toBe('kitchen-42');

    await field(page, 'Device name').fill('Hall heater');
    await field(page, 'Serial id').fill('01');
    await visible(page.getByText('Register device')).click();
    await expect(visible(page.getByText('Your device is installed'))).toBeVisible({
      timeout: 60_000,
    });
    await expect(page).toHaveURL(/\/\?homeIndex=\d+$/, { timeout: 15_000 });
    await expect(visible(page.getByRole('region', { name: homeName, exact: true }))).toBeVisible();

    // Device settings offer the wifi configuration for a wifi heater in the native app.
    const token = await tokenFor(request, DEMO_EMAIL, DEMO_PASSWORD);
    const homes = (await (
      await request.get('/api/v2/grouped_devs', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as GroupedHome[];
    const home = homes.find((h) => h.devs.some((d) => d.dev_id === devId));
    // Spec 2 §3: a wifi heater is registered as product 021D whichever model was chosen (the
    // model only picks its image and label); the home's devices and the user's say so.
    expect(home?.devs.find((d) => d.dev_id === devId)?.product_id).toBe('021D');
    const mine = (await (
      await request.get('/api/v2/devs', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { devs: Array<{ dev_id: string; product_id: string }> };
    expect(mine.devs.find((d) => d.dev_id === devId)?.product_id).toBe('021D');
    await page.goto(`/list/homes/${home?.id ?? ''}/devices/${devId}/settings`);
    await visible(page.getByRole('link', { name: 'Wi-Fi configuration' })).click();
    await expect(page).toHaveURL(/\/wifiConfiguration$/);
    await field(page, 'Network name').fill('NewNet');
    await field(page, 'Network password').fill('garden-7');
    await visible(page.getByText('Next', { exact: true })).click();
    await visible(page.getByRole('radio', { name: "The heater's own Wi-Fi network" })).check();
    await visible(page.getByText('Next', { exact: true })).click();
    await visible(page.getByText('The heater is ready')).click();
    // The heater takes the new network and is seen connected: back to the start.
    await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
    expect(received.map((n) => n.essid)).toEqual(['HomeNet', 'NewNet']);
    expect(decrypt(received[1]?.pass ?? '', 'NewNet')).toBe('garden-7');
  } finally {
    await ap.close();
    await (await heater)?.stop();
  }
});
