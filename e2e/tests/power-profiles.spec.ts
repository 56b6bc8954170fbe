import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures';
import { api, type Api } from './heating-fixtures';

// Power limits of the demo home "Home": max power type, profiles and the weekly grid, each
// checked against what the server stored; the home's configuration is put back afterwards.
interface PmoSystem {
  main_circuit_pmos: number[];
  max_power_config: { profiles: number[]; slots: { m: number; i: number }[] };
}
interface Extra {
  maxPowerProfiles?: { name: string; color: string; value: number }[];
  maxPowerType?: string;
}

let client: Api;
let homeId: string;
let devId: string;
let originalExtra: Extra;
let originalPmo: PmoSystem;
let originalLimit: string;

test.beforeEach(async ({ page, request }) => {
  client = await api(request);
  const groups =
    await client.get<Array<{ id: string; name: string; devs: Array<{ dev_id: string }> }>>(
      '/api/v2/grouped_devs',
    );
  const home = groups.find((g) => g.name === 'Home');
  homeId = home?.id ?? '';
  devId = home?.devs[0]?.dev_id ?? '';
  originalExtra = await client.get<Extra>(`/api/v2/groups/${homeId}/extra_data`);
  originalPmo = await client.get<PmoSystem>(`/api/v2/devs/${devId}/pmo_system`);
  originalLimit = (
    await client.get<{ power_limit: string }>(`/api/v2/devs/${devId}/htr_system/power_limit`)
  ).power_limit;
  await signIn(page);
});

test.afterEach(async () => {
  await client.post(`/api/v2/groups/${homeId}/extra_data`, {
    maxPowerType: originalExtra.maxPowerType ?? 'noLimit',
    maxPowerProfiles: originalExtra.maxPowerProfiles ?? [],
  });
  await client.post(`/api/v2/devs/${devId}/pmo_system`, originalPmo);
  await client.post(`/api/v2/devs/${devId}/htr_system/power_limit`, { power_limit: originalLimit });
});

const extra = () => client.get<Extra>(`/api/v2/groups/${homeId}/extra_data`);
const pmo = () => client.get<PmoSystem>(`/api/v2/devs/${devId}/pmo_system`);
const openPower = (page: Page) =>
  page.goto(`/homes/${homeId}/devs/${devId}/powerSchedule?adminMode=1`);

test('create profiles up to the limit, rename one and delete one', async ({ page }) => {
  await openPower(page);
  await page.getByRole('radio', { name: 'Power schedule' }).check();
  // The profile selection offers the server's list of limits; this journey adds them one by one.
  const selection = page.getByRole('dialog', { name: 'Choose power profiles' });
  await expect(selection.getByRole('checkbox', { name: '15 kW' })).toBeVisible();
  await selection.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Add a power profile to build the schedule')).toBeVisible();
  await expect.poll(async () => (await extra()).maxPowerType).toBe('schedule');

  const add = page.getByRole('button', { name: 'Add profile' });
  for (let n = 1; (await add.count()) > 0; n += 1) {
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'New profile' });
    await expect(dialog.getByLabel('Name')).toHaveValue(`New profile ${n}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    if (n === 1)
      await page
        .getByRole('dialog', { name: 'Start the power schedule' })
        .getByRole('button', { name: 'Start' })
        .click();
    await expect(page.getByTestId('power-profile')).toHaveCount(n);
  }
  // Ruling D1: at most 4 power profiles; Add profile goes away at the fourth.
  await expect(page.getByTestId('power-profile')).toHaveCount(4);
  await expect(add).toHaveCount(0);
  await expect.poll(async () => (await pmo()).max_power_config.profiles).toEqual([-1, -1, -1, -1]);

  await page.getByRole('button', { name: 'Edit New profile 2' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await dialog.getByLabel('Name').fill('Evening');
  await dialog.getByRole('switch', { name: 'No limit' }).uncheck();
  await dialog.getByLabel('Limit (W)').fill('4500');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => (await extra()).maxPowerProfiles?.map((p) => p.name))
    .toEqual(['New profile 1', 'Evening', 'New profile 3', 'New profile 4']);
  await expect.poll(async () => (await pmo()).max_power_config.profiles[1]).toBe(4500);

  await page.getByRole('button', { name: 'Edit New profile 3' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  // Deleting asks first.
  await page
    .getByRole('alertdialog', { name: /Delete the profile New profile 3/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByTestId('power-profile')).toHaveCount(3);
  await expect(add).toBeVisible();
  await expect.poll(async () => (await pmo()).max_power_config.profiles).toEqual([-1, 4500, -1]);
});

test('paint hours of the power schedule and read back minute-of-week slots', async ({ page }) => {
  await client.post(`/api/v2/groups/${homeId}/extra_data`, {
    maxPowerType: 'schedule',
    maxPowerProfiles: [
      { name: 'Day', color: '#ff8800', value: 4000 },
      { name: 'Night', color: '#0044ff', value: -1 },
    ],
  });
  await client.post(`/api/v2/devs/${devId}/pmo_system`, {
    main_circuit_pmos: originalPmo.main_circuit_pmos,
    max_power_config: {
      profiles: [4000, -1],
      slots: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ m: d * 1440, i: 0 })),
    },
  });
  await page.clock.install();
  await openPower(page);
  await page.getByRole('radio', { name: 'Night' }).check();
  await page.getByRole('button', { name: 'Tuesday 03:00: Day' }).click();
  await page.getByRole('button', { name: 'Tuesday 04:00: Day' }).click();
  await expect(page.getByRole('button', { name: 'Tuesday 04:00: Night' })).toBeVisible();
  await page.clock.fastForward(30_000);
  const tuesday = 2 * 1440;
  await expect
    .poll(async () =>
      (await pmo()).max_power_config.slots.filter((s) => s.m >= tuesday && s.m < tuesday + 1440),
    )
    .toEqual([
      { m: tuesday, i: 0 },
      { m: tuesday + 180, i: 1 },
      { m: tuesday + 300, i: 0 },
    ]);

  // Copy Tuesday to Friday: saved at once.
  await page.getByRole('button', { name: 'Tuesday', exact: true }).click();
  await page.getByRole('button', { name: 'Copy day' }).click();
  const copy = page.getByRole('dialog', { name: 'Copy Tuesday' });
  await copy.getByRole('checkbox', { name: 'Friday' }).check();
  await copy.getByRole('button', { name: 'Copy' }).click();
  const friday = 5 * 1440;
  await expect
    .poll(async () =>
      (await pmo()).max_power_config.slots.filter((s) => s.m >= friday && s.m < friday + 1440),
    )
    .toEqual([
      { m: friday, i: 0 },
      { m: friday + 180, i: 1 },
      { m: friday + 300, i: 0 },
    ]);
});

test('heater system power limit: refused out of range, stored as a string', async ({ page }) => {
  await page.goto(`/homes/${homeId}/devs/${devId}/system/htr/settings`);
  const input = page.getByLabel('Power limit (W)');
  await input.fill('700');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('0 or between 1000 and 60000 W');
  await input.fill('2500');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await client.get<{ power_limit: string }>(`/api/v2/devs/${devId}/htr_system/power_limit`))
          .power_limit,
    )
    .toBe('2500');
});
