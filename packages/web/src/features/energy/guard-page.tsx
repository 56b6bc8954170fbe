import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { PowerGuardSettings } from '@hearth/protocol';
import { homeTimeZone, useHomeDevices, useHomes } from '../../lib/devices';
import { LoadFailedPanel, MessageLine, PageFrame, useTimedMessage } from '../../lib/screens';
import { energyKeys, putPowerGuard, useGuardActions, usePowerGuard } from './energy-api';
import {
  actionSentence,
  DEFAULT_GUARD,
  move,
  orderedRooms,
  parseKw,
  type GuardRoom,
} from './guard-model';
import { refusalText } from './refusal-text';
import './energy.css';

/**
 * Rooms the guard may lower: heaters and thermostats. A storage heater draws by its charging
 * programme, not its set point; its charge plan keeps it under the home's limit instead.
 */
const HEATER_TYPES = new Set(['htr', 'thm']);

function PriorityList({
  rooms,
  disabled,
  excluded,
  onMove,
  onInclude,
}: {
  rooms: GuardRoom[];
  disabled: boolean;
  /** Rooms the guard never lowers (left out of the order it saves). */
  excluded: ReadonlySet<string>;
  onMove: (from: number, to: number) => void;
  onInclude: (room: string, included: boolean) => void;
}) {
  const { t } = useTranslation();
  const [said, setSaid] = useState('');
  const go = (from: number, to: number) => {
    onMove(from, to);
    const room = rooms[from];
    if (room) setSaid(t('energy.guard.moved', { room: room.name, n: to + 1, total: rooms.length }));
    // Keep the focus on the button that moved, now on its new row.
    requestAnimationFrame(() =>
      document.getElementById(`guard-room-${to}-${to < from ? 'up' : 'down'}`)?.focus(),
    );
  };
  return (
    <>
      <ol className="energy-priority" data-testid="guard-priority">
        {rooms.map((room, i) => (
          <li key={room.id} className="energy-priority__item">
            <span className="energy-priority__n" aria-hidden="true">
              {i + 1}
            </span>
            <label className="energy-priority__name">
              <input
                type="checkbox"
                checked={!excluded.has(room.id)}
                disabled={disabled}
                aria-label={t('energy.guard.include', { room: room.name })}
                onChange={(e) => onInclude(room.id, e.target.checked)}
              />
              <span>{room.name}</span>
            </label>
            <button
              type="button"
              id={`guard-room-${i}-up`}
              className="hearth-button"
              disabled={disabled || i === 0}
              aria-label={t('energy.guard.up', { room: room.name })}
              onClick={() => go(i, i - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              id={`guard-room-${i}-down`}
              className="hearth-button"
              disabled={disabled || i === rooms.length - 1}
              aria-label={t('energy.guard.down', { room: room.name })}
              onClick={() => go(i, i + 1)}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {said}
      </p>
    </>
  );
}

/** Issue 29: the power guard of a home (cap, breaker cap, order of rooms, dry run) and its log. */
export function GuardPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { homeId = '' } = useParams();
  const queryClient = useQueryClient();
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === homeId);
  const devices = useHomeDevices(home);
  const timeZone = homeTimeZone(devices);
  const owner = home?.owner === true;
  const guard = usePowerGuard(homeId);
  const actions = useGuardActions(homeId);
  const msg = useTimedMessage();
  const [draft, setDraft] = useState<PowerGuardSettings | null>(null);
  const [cap, setCap] = useState('');
  const [instant, setInstant] = useState('');
  const [busy, setBusy] = useState(false);
  const [excluded, setExcluded] = useState<ReadonlySet<string> | null>(null);

  const rooms: GuardRoom[] = devices.flatMap((d) =>
    d.nodes
      .filter((n) => HEATER_TYPES.has(n.type))
      .map((n) => ({ id: `${d.dev.dev_id}/${n.type}/${n.addr}`, name: n.name, type: n.type })),
  );
  const monitors: GuardRoom[] = devices.flatMap((d) =>
    d.nodes
      .filter((n) => n.type === 'pmo')
      .map((n) => ({ id: `${d.dev.dev_id}/pmo/${n.addr}`, name: n.name, type: n.type })),
  );
  const nameOf = (room: string) => rooms.find((r) => r.id === room)?.name ?? room;

  useEffect(() => {
    if (guard.isSuccess && draft === null) {
      const start = guard.data ?? DEFAULT_GUARD;
      setDraft(start);
      setCap(String(start.cap_kw));
      setInstant(start.instant_cap_kw === null ? '' : String(start.instant_cap_kw));
    }
  }, [guard.isSuccess, guard.data, draft]);

  const settings = draft ?? DEFAULT_GUARD;
  const ordered = orderedRooms(settings.priority, rooms);
  // Only listed rooms are lowered: a saved order leaves the others out; a new guard lists all.
  const left =
    excluded ??
    new Set(
      guard.data && guard.data.priority.length > 0
        ? rooms.filter((r) => !guard.data?.priority.includes(r.id)).map((r) => r.id)
        : [],
    );
  const edit = (next: Partial<PowerGuardSettings>) => {
    msg.clear();
    setDraft({ ...settings, ...next });
  };

  const save = async () => {
    const capKw = parseKw(cap);
    const instantKw = instant.trim() === '' ? null : parseKw(instant);
    if (capKw === undefined || instantKw === undefined) {
      msg.error(t('energy.guard.problem.kw'));
      return;
    }
    setBusy(true);
    try {
      const body: PowerGuardSettings = {
        ...settings,
        cap_kw: capKw,
        instant_cap_kw: instantKw,
        priority: ordered.filter((r) => !left.has(r.id)).map((r) => r.id),
      };
      const answer = await putPowerGuard(homeId, body);
      queryClient.setQueryData(energyKeys.guard(homeId), answer);
      setDraft(answer);
      msg.success(t('energy.saved'));
    } catch (err) {
      const text = refusalText(err, t);
      if (text) msg.error(text);
      else msg.clear();
    } finally {
      setBusy(false);
    }
  };

  const time = (ms: number) =>
    new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'short',
      timeStyle: 'short',
      ...(timeZone ? { timeZone } : {}),
    }).format(ms);
  const title = t('energy.guard.title', { name: home?.name ?? '' });
  const readOnly = !owner;

  return (
    <PageFrame title={title} backLabel={t('energy.back')}>
      <div className="energy-page">
        <p>{t('energy.guard.intro')}</p>
        {guard.isError && (
          <LoadFailedPanel
            message={t('energy.guard.loadFailed')}
            retryLabel={t('energy.retry')}
            onRetry={() => void guard.refetch()}
            retrying={guard.isFetching}
            testId="guard-failed"
          />
        )}
        {draft && (
          <form
            className="hearth-form energy-form"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            {monitors.length === 0 && (
              <p className="energy-problem" role="status">
                {t('energy.guard.noMonitor')}
              </p>
            )}
            <label className="hearth-check">
              <input
                type="checkbox"
                role="switch"
                checked={settings.enabled}
                disabled={readOnly}
                onChange={(e) => edit({ enabled: e.target.checked })}
              />
              <span>{t('energy.guard.enabled')}</span>
            </label>
            <label className="hearth-check">
              <input
                type="checkbox"
                role="switch"
                checked={settings.dry_run}
                disabled={readOnly}
                aria-describedby={`${id}-dry`}
                onChange={(e) => edit({ dry_run: e.target.checked })}
              />
              <span>{t('energy.guard.dryRun')}</span>
            </label>
            <p id={`${id}-dry`} className="energy-note">
              {t('energy.guard.dryRunHint')}
            </p>
            <div className="energy-form__row">
              <label>
                <span>{t('energy.guard.cap')}</span>
                <input
                  inputMode="decimal"
                  maxLength={8}
                  value={cap}
                  disabled={readOnly}
                  aria-describedby={`${id}-cap`}
                  onChange={(e) => {
                    msg.clear();
                    setCap(e.target.value);
                  }}
                />
              </label>
              <label>
                <span>{t('energy.guard.instantCap')}</span>
                <input
                  inputMode="decimal"
                  maxLength={8}
                  value={instant}
                  disabled={readOnly}
                  placeholder={t('energy.guard.none')}
                  onChange={(e) => {
                    msg.clear();
                    setInstant(e.target.value);
                  }}
                />
              </label>
            </div>
            <p id={`${id}-cap`} className="energy-note">
              {t('energy.guard.capHint')}
            </p>
            {monitors.length > 1 && (
              <label>
                <span>{t('energy.guard.monitor')}</span>
                <select
                  value={settings.monitor ?? ''}
                  disabled={readOnly}
                  onChange={(e) => edit({ monitor: e.target.value === '' ? null : e.target.value })}
                >
                  <option value="">{t('energy.guard.monitorAny')}</option>
                  {monitors.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <h2>{t('energy.guard.order')}</h2>
            <p className="energy-note">{t('energy.guard.orderHint')}</p>
            <PriorityList
              rooms={ordered}
              disabled={readOnly}
              excluded={left}
              onInclude={(room, included) => {
                msg.clear();
                const next = new Set(left);
                if (included) next.delete(room);
                else next.add(room);
                setExcluded(next);
              }}
              onMove={(from, to) => edit({ priority: move(ordered, from, to).map((r) => r.id) })}
            />
            <MessageLine message={msg.message} />
            {owner ? (
              <button
                type="submit"
                className="hearth-button hearth-button--primary"
                disabled={busy}
              >
                {t('energy.save')}
              </button>
            ) : (
              <p className="energy-note">{t('energy.guard.ownerOnly')}</p>
            )}
          </form>
        )}
        <section className="energy-section" aria-labelledby={`${id}-log`}>
          <h2 id={`${id}-log`}>{t('energy.guard.log')}</h2>
          {actions.data?.actions.length ? (
            <ol className="energy-log" data-testid="guard-log">
              {actions.data.actions.map((a) => (
                <li key={a.id}>
                  <time dateTime={new Date(a.at).toISOString()}>{time(a.at)}</time>{' '}
                  {actionSentence(a, nameOf(a.room), t)}
                </li>
              ))}
            </ol>
          ) : (
            <p>{actions.isError ? t('energy.guard.logFailed') : t('energy.guard.logEmpty')}</p>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
