import { describe, expect, test } from 'vitest';
import { buildCsv, csvDecimalSeparator, recordsCsv, recordsCsvFileName } from './records-csv';

describe('CSV', () => {
  test('BOM, semicolons, CRLF, English decimals', () => {
    const csv = recordsCsv({
      headers: { time: 'Hour', consumption: 'Consumption (kWh)', temperature: 'Temperature (°C)' },
      labels: ['00:00', '01:00'],
      consumption: [0.25, null],
      temperature: [20.46, 21],
      lang: 'en',
    });
    expect(csv).toBe(
      '\uFEFFHour;Consumption (kWh);Temperature (°C)\r\n00:00;0.250;20.5\r\n01:00;;21.0\r\n',
    );
  });
  test('comma decimals for other languages, no temperature column when absent', () => {
    const csv = recordsCsv({
      headers: { time: 'Día', consumption: 'Consumo (kWh)' },
      labels: ['1'],
      consumption: [1.5],
      lang: 'es',
    });
    expect(csv).toBe('\uFEFFDía;Consumo (kWh)\r\n1;1,500\r\n');
    expect(csvDecimalSeparator('fr')).toBe(',');
  });
  test('cells with separators or quotes are quoted', () => {
    expect(buildCsv([{ header: 'a;b' }], [['say "hi"']], 'en')).toBe(
      '\uFEFF"a;b"\r\n"say ""hi"""\r\n',
    );
  });
  test('file name', () => {
    expect(recordsCsvFileName('Home – Kitchen/1', { scope: 'month', year: 2026, month: 3 })).toBe(
      'Home_–_Kitchen_1_2026-03.csv',
    );
    expect(recordsCsvFileName('', { scope: 'day', year: 2026, month: 3, day: 4 })).toBe(
      'records_2026-03-04.csv',
    );
  });
});
