import type { TFunction } from 'i18next';
import { celsiusToFahrenheit, type TemperatureUnits } from '@hearth/protocol';
import { formatTemperature } from '../../lib/devices';
import type { Decision, Learned } from './comfort-api';

/**
 * The comfort automation's numbers in the user's words (docs/comfort.md): times in the home's
 * zone, temperatures in the user's units. The server's `text` is English; it is shown only for
 * a decision this app does not know how to word.
 */
export interface Wording {
  t: TFunction;
  locale: string;
  timeZone: string | undefined;
  units: TemperatureUnits | undefined;
}

/** Until it has seen this many warm-ups, optimum start starts a fixed lead early. */
export const LEARNING_WARMUPS = 2;
/** The fixed lead of a room still learning, in hours (docs/comfort.md "Optimum start"). */
export const FIXED_LEAD_HOURS = 1;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, timeZone: string | undefined, withDay: boolean) {
  const key = `${locale}|${timeZone ?? ''}|${withDay}`;
  let made = formatters.get(key);
  if (!made) {
    const options: Intl.DateTimeFormatOptions = {
      hour: '2-digit',
      minute: '2-digit',
      // Spec 1 §9: 24-hour time in every language.
      hourCycle: 'h23',
      ...(withDay ? { weekday: 'short', day: 'numeric', month: 'short' } : {}),
    };
    try {
      made = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch (error) {
      // An unknown zone from a device must not blank the screen: the browser's clock then.
      if (!(error instanceof RangeError)) throw error;
      made = new Intl.DateTimeFormat(locale, options);
    }
    formatters.set(key, made);
  }
  return made;
}

/** An instant (ms or ISO 8601) as a number of ms; undefined when unreadable. */
export function instantMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? undefined : ms;
  }
  return undefined;
}

/** "06:12" in the home's zone. */
export function clockTime(w: Wording, ms: number): string {
  return formatter(w.locale, w.timeZone, false).format(new Date(ms));
}

/** "Sun, 29 Nov, 06:12" in the home's zone. */
export function dayAndTime(w: Wording, ms: number): string {
  return formatter(w.locale, w.timeZone, true).format(new Date(ms));
}

/** A temperature given in °C, in the user's units: "21.0 °C" or "69.8 °F". */
export function temperature(w: Wording, celsius: number): string {
  const value = w.units === 'F' ? celsiusToFahrenheit(celsius) : celsius;
  return formatTemperature(value, w.units, w.locale);
}

/** A rate given in K/h, in the user's units ("1.5 °C"): a kelvin is 1.8 °F. */
function rate(w: Wording, kPerH: number): string {
  return formatTemperature(w.units === 'F' ? kPerH * 1.8 : kPerH, w.units, w.locale);
}

/** What a room has learned of its warm-ups, in words. */
export function learnedWords(w: Wording, learned: Learned | null | undefined): string {
  const { t } = w;
  if (!learned || learned.warmups < LEARNING_WARMUPS || learned.rate_k_per_h === null)
    return t('comfort.learned.learning', { hours: FIXED_LEAD_HOURS });
  const r = rate(w, learned.rate_k_per_h);
  const sentence =
    learned.at_outdoor_c === null
      ? t('comfort.learned.rate', { rate: r })
      : t('comfort.learned.rateAt', { rate: r, outdoor: temperature(w, learned.at_outdoor_c) });
  return `${sentence} ${t('comfort.learned.from', { count: learned.warmups })}`;
}

const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/** A decision's kind: the server's first words for a warm-up were `started` and `finished`. */
export function decisionKind(d: Decision): string {
  if (d.kind === 'started') return 'warmup-started';
  if (d.kind === 'finished') return 'warmup-finished';
  return d.kind;
}

function startedWords(w: Wording, detail: Record<string, unknown>): string | undefined {
  const start = instantMs(detail.start_ms);
  const target = num(detail.target_c);
  const by = instantMs(detail.by_ms);
  if (start === undefined || target === undefined || by === undefined) return undefined;
  return w.t('comfort.decision.warmupStarted', {
    start: clockTime(w, start),
    target: temperature(w, target),
    by: clockTime(w, by),
  });
}

function finishedWords(w: Wording, detail: Record<string, unknown>): string | undefined {
  const target = num(detail.target_c);
  const by = instantMs(detail.by_ms);
  if (target === undefined || by === undefined) return undefined;
  const reached = instantMs(detail.reached_ms);
  const args = { target: temperature(w, target), by: clockTime(w, by) };
  return reached === undefined
    ? w.t('comfort.decision.warmupMissed', args)
    : w.t('comfort.decision.warmupFinished', { ...args, reached: clockTime(w, reached) });
}

const CLOSE_REASONS = ['recovered', 'timeout', 'device', 'override'] as const;

/** One decision in words; the server's English text for a kind the app does not know. */
export function decisionWords(w: Wording, d: Decision): string {
  const { t } = w;
  const detail = d.detail ?? {};
  switch (decisionKind(d)) {
    case 'warmup-started':
      return startedWords(w, detail) ?? d.text;
    case 'warmup-finished':
      return finishedWords(w, detail) ?? d.text;
    case 'window-opened':
      return detail.reason === 'device'
        ? t('comfort.decision.windowOpenedDevice')
        : t('comfort.decision.windowOpened');
    case 'window-closed': {
      const why = CLOSE_REASONS.find((r) => r === detail.why);
      return why ? t(`comfort.decision.windowClosed.${why}`) : d.text;
    }
    case 'override':
      return t('comfort.decision.windowClosed.override');
    case 'holiday-started':
      return t('comfort.decision.holidayStarted');
    case 'holiday-ended':
      return t('comfort.decision.holidayEnded');
    default:
      return d.text;
  }
}

export interface DecisionLine {
  key: string;
  at: number | undefined;
  text: string;
}

/**
 * The decisions as lines, newest first. A warm-up's start and its finish (the same `by_ms`) make
 * one line, as a person tells it: "Started 06:12 to reach 21.0 °C by 07:00; reached 06:57".
 */
export function decisionLines(w: Wording, decisions: readonly Decision[]): DecisionLine[] {
  const used = new Set<Decision>();
  const lines: DecisionLine[] = [];
  for (const [i, d] of decisions.entries()) {
    if (used.has(d)) continue;
    let text = decisionWords(w, d);
    if (decisionKind(d) === 'warmup-finished') {
      const by = instantMs(d.detail?.by_ms);
      const start = decisions
        .slice(i + 1)
        .find(
          (s) =>
            !used.has(s) &&
            decisionKind(s) === 'warmup-started' &&
            by !== undefined &&
            instantMs(s.detail?.by_ms) === by,
        );
      const started = start && startedWords(w, start.detail);
      const finished = finishedWords(w, d.detail);
      if (start && started && finished) {
        used.add(start);
        const reached = instantMs(d.detail.reached_ms);
        text = w.t('comfort.decision.warmupJoined', {
          started,
          outcome:
            reached === undefined
              ? w.t('comfort.decision.notReached')
              : w.t('comfort.decision.reached', { reached: clockTime(w, reached) }),
        });
      }
    }
    lines.push({ key: String(d.id), at: instantMs(d.at), text });
  }
  return lines;
}
