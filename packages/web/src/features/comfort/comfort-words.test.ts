import { describe, expect, test } from 'vitest';
import i18next, { type TFunction } from 'i18next';
import { resources } from '../../lib/i18n/resources';
import type { Decision } from './comfort-api';
import { decisionLines, learnedWords, type Wording } from './comfort-words';
import { weekDayName, wallDate, wallDateTime } from './holiday-words';

async function wording(lng: string, extra: Partial<Wording> = {}): Promise<Wording> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources, fallbackLng: 'en', interpolation: { escapeValue: false } });
  return {
    t: i18n.t.bind(i18n) as TFunction,
    locale: lng,
    timeZone: 'Europe/Paris',
    units: 'C',
    ...extra,
  };
}

// 29 November 2026 in Paris is UTC+1: 07:00 there is 06:00Z.
const at = (hhmm: string) => Date.parse(`2026-11-29T${hhmm}:00Z`);
const started: Decision = {
  id: 1,
  at: new Date(at('05:12')).toISOString(),
  kind: 'warmup-started',
  text: 'Started heating',
  detail: { start_ms: at('05:12'), target_c: 21, by_ms: at('06:00') },
};
const finished: Decision = {
  id: 2,
  at: at('05:57'),
  kind: 'warmup-finished',
  text: 'Reached',
  detail: { reached_ms: at('05:57'), target_c: 21, by_ms: at('06:00') },
};

describe('what a room learned', () => {
  test('a room with enough warm-ups says its rate at the outdoor temperature, in the user units', async () => {
    const learned = { warmups: 6, rate_k_per_h: 1.5, at_outdoor_c: 5, text: '' };
    expect(learnedWords(await wording('en'), learned)).toBe(
      'Warms about 1.5 °C an hour at 5.0 °C outside. Learned from 6 warm-ups.',
    );
    // A kelvin is 1.8 °F; 5 °C is 41 °F.
    expect(learnedWords(await wording('en', { units: 'F' }), learned)).toBe(
      'Warms about 2.7 °F an hour at 41.0 °F outside. Learned from 6 warm-ups.',
    );
  });

  test('a room that knows too little says it starts a fixed hour early', async () => {
    const w = await wording('en');
    expect(learnedWords(w, null)).toBe('Still learning: starts 1 h early.');
    expect(learnedWords(w, { warmups: 1, rate_k_per_h: 2, at_outdoor_c: 3, text: '' })).toBe(
      'Still learning: starts 1 h early.',
    );
  });

  test('it is worded in the user language, with its plural forms', async () => {
    const learned = { warmups: 2, rate_k_per_h: 1.5, at_outdoor_c: null, text: '' };
    expect(learnedWords(await wording('de'), learned)).toBe(
      'Erwärmt sich um etwa 1,5 °C pro Stunde. Gelernt aus 2 Aufheizvorgängen.',
    );
    expect(learnedWords(await wording('ru'), { ...learned, warmups: 3 })).toContain(
      'Изучено по 3 нагревам.',
    );
  });
});

describe('what a room decided', () => {
  test('a warm-up start and its finish read as one line, in the home zone', async () => {
    const lines = decisionLines(await wording('en'), [finished, started]);
    expect(lines.map((l) => l.text)).toEqual([
      'Started 06:12 to reach 21.0 °C by 07:00; reached 06:57',
    ]);
  });

  test('a warm-up that missed its time says so', async () => {
    const missed = { ...finished, detail: { ...finished.detail, reached_ms: null } };
    const lines = decisionLines(await wording('en'), [missed, started]);
    expect(lines[0]?.text).toBe('Started 06:12 to reach 21.0 °C by 07:00; not reached in time');
  });

  test('a start alone, window decisions and the first server kinds are worded too', async () => {
    const w = await wording('en');
    const lines = decisionLines(w, [
      { id: 5, at: at('10:00'), kind: 'window-closed', text: 'x', detail: { why: 'timeout' } },
      { id: 4, at: at('09:30'), kind: 'window-opened', text: 'x', detail: { reason: 'device' } },
      { ...started, id: 3, kind: 'started' },
    ]);
    expect(lines.map((l) => l.text)).toEqual([
      'Heating resumed after 30 min',
      'Window open: the heater reported it, heating paused',
      'Started 06:12 to reach 21.0 °C by 07:00',
    ]);
  });

  test('a kind the app does not know shows the server text', async () => {
    const lines = decisionLines(await wording('fr'), [
      { id: 9, at: at('10:00'), kind: 'something-new', text: 'Server words', detail: {} },
    ]);
    expect(lines[0]?.text).toBe('Server words');
  });

  test('in French the times and temperature follow the language', async () => {
    const lines = decisionLines(await wording('fr'), [finished, started]);
    expect(lines[0]?.text).toBe('Démarré à 06:12 pour atteindre 21,0 °C à 07:00 ; atteint à 06:57');
  });
});

describe('holiday dates', () => {
  test('wall times are shown as written, whatever the browser zone', () => {
    expect(wallDateTime('2026-12-18T08:00', 'en-GB')).toBe('Fri, 18 Dec 2026, 08:00');
    expect(wallDate('2026-12-08', 'en-GB')).toBe('Tuesday 8 December');
    expect(weekDayName(0, 'en')).toBe('Sunday');
    expect(weekDayName(2, 'es')).toBe('martes');
  });
});
