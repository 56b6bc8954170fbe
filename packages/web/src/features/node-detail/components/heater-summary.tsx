import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { parseDecimal, type DeviceClock, type TemperatureUnits } from '@hearth/protocol';
import {
  formatTemperature,
  heaterPlan,
  type HeaterPlan,
  type LiveNode,
  type PlanStep,
  type PlanTime,
} from '../../../lib/devices';
import { DataAge } from '../../../lib/socket/data-age';
import { Icon, type IconName } from '../../../lib/ui/icons';

const pad = (n: number) => String(n).padStart(2, '0');

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();
/** The weekday's name in the user's language (0 Sunday); 4 January 2026 was a Sunday. */
function weekdayName(weekday: number, locale: string): string {
  let made = weekdayFormatters.get(locale);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    weekdayFormatters.set(locale, made);
  }
  return made.format(new Date(Date.UTC(2026, 0, 4 + weekday, 12)));
}

function untilText(time: PlanTime, t: TFunction, locale: string): string {
  const clock = `${pad(time.h)}:${pad(time.m)}`;
  if (time.dayOffset === 0) return t('nodeDetail.plan.untilToday', { time: clock });
  if (time.dayOffset === 1) return t('nodeDetail.plan.untilTomorrow', { time: clock });
  return t('nodeDetail.plan.untilDay', { day: weekdayName(time.weekday, locale), time: clock });
}

function stepText(step: PlanStep, units: TemperatureUnits, t: TFunction, locale: string): string {
  const name = t(`nodeDetail.plan.profiles.${step.profile}`);
  return step.temperature === undefined
    ? name
    : `${name} ${formatTemperature(step.temperature, units, locale)}`;
}

/** "Comfort 21.0 °C until 22:00, then Eco 18.0 °C" and the like, in the user's language. */
export function planText(plan: HeaterPlan, t: TFunction, locale: string): string {
  switch (plan.kind) {
    case 'schedule': {
      const now = stepText(plan.now, plan.units, t, locale);
      if (!plan.until || !plan.next) return t('nodeDetail.plan.steady', { now });
      return t('nodeDetail.plan.schedule', {
        now,
        until: untilText(plan.until, t, locale),
        next: stepText(plan.next, plan.units, t, locale),
      });
    }
    case 'override': {
      const temperature = formatTemperature(plan.temperature, plan.units, locale);
      if (!plan.until || !plan.next) return t('nodeDetail.plan.overrideSteady', { temperature });
      return t('nodeDetail.plan.override', {
        temperature,
        until: untilText(plan.until, t, locale),
        next: stepText(plan.next, plan.units, t, locale),
      });
    }
    case 'hold': {
      const mode = t(`nodeDetail.modes.${plan.mode}`, { defaultValue: plan.mode });
      return plan.temperature === undefined
        ? mode
        : `${mode} ${formatTemperature(plan.temperature, plan.units, locale)}`;
    }
    case 'boost':
      return `${t('nodeDetail.modes.boost')} ${formatTemperature(plan.temperature, plan.units, locale)}`;
    case 'off':
      return t('nodeDetail.modes.off');
    case 'unknown':
      return t('nodeDetail.plan.unknown');
  }
}

interface Fact {
  key: string;
  icon: IconName;
  text: string;
}

const wattFormatters = new Map<string, Intl.NumberFormat>();
function formatWatts(watts: number, locale: string): string {
  let made = wattFormatters.get(locale);
  if (!made) {
    made = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    wattFormatters.set(locale, made);
  }
  return made.format(watts);
}

/** Heating now, presence, an open window and the power drawn, each only when the device says. */
function facts(node: LiveNode, timer: boolean, t: TFunction, locale: string): Fact[] {
  const status = node.status ?? {};
  const out: Fact[] = [];
  if (!timer && typeof status.active === 'boolean')
    out.push({
      key: 'heating',
      icon: 'flame',
      text: status.active ? t('nodeDetail.facts.heating') : t('nodeDetail.facts.idle'),
    });
  if (!timer && typeof status.presence === 'boolean')
    out.push({
      key: 'presence',
      icon: 'body',
      text: status.presence ? t('nodeDetail.facts.presence') : t('nodeDetail.facts.noPresence'),
    });
  if (status.window_open === true)
    out.push({ key: 'window', icon: 'swapHorizontal', text: t('nodeDetail.facts.windowOpen') });
  const watts = parseDecimal(status.power);
  if (watts !== undefined)
    out.push({
      key: 'power',
      icon: 'flash',
      text: t('nodeDetail.facts.power', { value: formatWatts(watts, locale) }),
    });
  return out;
}

/**
 * The detail's summary (issue 25): what the heater is doing and what comes next, from its mode,
 * weekly programme and clock, with what its sensors report. While its gateway's values are
 * stale (not refreshed for longer than a report interval) it says how old they are.
 */
export function HeaterSummary({
  node,
  clock,
  timer,
  staleSince,
}: {
  node: LiveNode;
  clock: DeviceClock;
  timer: boolean;
  staleSince?: number | undefined;
}) {
  const { t, i18n } = useTranslation();
  const plan = heaterPlan(node, clock);
  const list = facts(node, timer, t, i18n.language);
  return (
    <section
      className={`heater-summary${staleSince !== undefined ? ' heater-summary--stale' : ''}`}
      aria-label={t('nodeDetail.plan.title')}
      data-testid="heater-summary"
      data-stale={staleSince !== undefined}
    >
      {staleSince !== undefined && (
        <p className="heater-summary__age" role="status">
          <DataAge since={staleSince} />
        </p>
      )}
      <p className="heater-summary__plan" data-testid="heater-plan" data-plan={plan.kind}>
        {planText(plan, t, i18n.language)}
      </p>
      {list.length > 0 && (
        <ul className="heater-summary__facts">
          {list.map((f) => (
            <li
              key={f.key}
              data-fact={f.key}
              className={
                f.key === 'heating' && node.status?.active === true
                  ? 'heater-summary__fact heater-summary__fact--on'
                  : 'heater-summary__fact'
              }
            >
              <Icon name={f.icon} />
              <span>{f.text}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
