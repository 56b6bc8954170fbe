import { describe, expect, test } from 'vitest';
import { detailOf } from './activity-recorder';

describe("a write's detail in the activity log", () => {
  test('keeps plain values and short texts, and drops secrets and nested objects', () => {
    expect(
      detailOf({ stemp: '21.5', mode: 'auto', boost: true, password: 'x', nested: { a: 1 } }),
    ).toEqual({ stemp: '21.5', mode: 'auto', boost: true, nested: '…' });
  });

  test("a web address keeps its host and path, never its query or a user's password", () => {
    expect(
      detailOf({
        url: 'https://user:pw@prices.example.net/day-ahead.csv?apikey=s3cr3t#x',
        currency: 'EUR',
      }),
    ).toEqual({ url: 'https://prices.example.net/day-ahead.csv', currency: 'EUR' });
  });

  test('a text that is not a web address is kept as it is', () => {
    expect(detailOf({ name: 'Living room? yes' })).toEqual({ name: 'Living room? yes' });
  });
});
