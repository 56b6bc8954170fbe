import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';
import { api, demoNode, nodePath, nodeRoute } from './heating-fixtures';
import { formatRecordsNumber } from '@hearth/protocol';

// Records of the demo living room, which the server seeds with a year of quarter-hour history.
// The journey drills from the year to the 15th of last month and downloads that day's CSV.
test('drill a year chart down to a day and download its CSV', async ({ page, request }) => {
  const client = await api(request);
  const node = await demoNode(client, 'Home', 'Living room');
  const devData = await client.get<{ geo_data: { tz_code?: string } }>(
    `/api/v2/devs/${node.devId}/dev_data`,
  );
  const tz = devData.geo_data.tz_code ?? 'UTC';
  const now = new Date();
  const year = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
  const month = now.getMonth() === 0 ? 12 : now.getMonth();
  const monthName = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, month - 1, 15)),
  );

  await signIn(page);
  await page.goto(`${nodeRoute(node)}/records?year=${year}`);
  await expect(page.getByTestId('records-title')).toHaveText('Home – Living room');
  await expect(page.getByTestId('records-period')).toHaveText(String(year));
  await expect(page.getByRole('button', { name: /^Next year/ })).toHaveCount(0);
  await page.getByText('Show the data').click();
  // Last month had a full month of history: its bar and temperature are there.
  const short = new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, month - 1, 15)),
  );
  await expect(page.getByRole('row', { name: new RegExp(`^Open ${monthName} `) })).toHaveText(
    new RegExp(`^${short}\\d+\\.\\d{3}\\d+\\.\\d$`),
  );
  await page.getByRole('button', { name: `Open ${monthName}` }).click();
  await expect(page.getByTestId('records-period')).toHaveText(`${monthName} ${year}`);
  await expect(page).toHaveURL(new RegExp(`month=${month}`));
  await page.getByRole('button', { name: 'Open day 15', exact: true }).click();
  await expect(page.getByTestId('records-period')).toHaveText(`${monthName} 15, ${year}`);
  // A day has no finer level: no drill-down button is left (the toolbar's "Open menu" stays).
  await expect(page.getByRole('button', { name: /^Open (?!menu$)/ })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(
    `Home_–_Living_room_${year}-${String(month).padStart(2, '0')}-15.csv`,
  );
  const bytes = readFileSync((await file.path()) ?? '');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe('Time;Consumption (kWh);Temperature (°C)');
  expect(lines).toHaveLength(26);

  // What the samples say for each local hour of that day (counter deltas dated at the earlier sample).
  const hourOf = (tS: number) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      day: 'numeric',
      hour: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(tS * 1000);
    const get = (k: string) => Number(parts.find((p) => p.type === k)?.value);
    return get('day') === 15 ? get('hour') : undefined;
  };
  const from = Date.UTC(year, month - 1, 14) / 1000;
  const { samples } = await client.get<{
    samples: { t: number; counter: number; temp?: string }[];
  }>(`${nodePath(node)}/samples?start=${from}&end=${from + 3 * 86_400}`);
  const sorted = [...samples].sort((a, b) => a.t - b.t);
  const kwh = new Map<number, number>();
  // The records show each hour's mean temperature of the samples in it (spec 3 §9 chart line).
  const temps = new Map<number, number[]>();
  sorted.forEach((s, i) => {
    const h = hourOf(s.t);
    if (h === undefined) return;
    if (s.temp !== undefined) temps.set(h, [...(temps.get(h) ?? []), Number(s.temp)]);
    const next = sorted[i + 1];
    if (next) kwh.set(h, (kwh.get(h) ?? 0) + Math.max(0, next.counter - s.counter) / 1000);
  });
  expect(kwh.size).toBeGreaterThan(20);
  const temp = new Map(
    [...temps].map(([h, list]) => [h, list.reduce((a, b) => a + b, 0) / list.length] as const),
  );
  for (let h = 0; h < 24; h += 1) {
    const expected = [
      `${String(h).padStart(2, '0')}:00`,
      // Decimal rounding, as the table and the CSV share it (18.95 is 19.0, not toFixed's 18.9).
      kwh.has(h) ? formatRecordsNumber(kwh.get(h) ?? 0, 3, 'en') : '',
      temp.has(h) ? formatRecordsNumber(temp.get(h) ?? 0, 1, 'en') : '',
    ].join(';');
    expect(lines[h + 1]).toBe(expected);
  }
});
