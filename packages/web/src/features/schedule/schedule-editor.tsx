import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  copyDay,
  defaultClientData,
  PROG_DAY_KEYS,
  progResolution,
  SCHEDULE_DAY_SELECTOR_ORDER,
  SCHEDULE_SAVE_DELAY_MS,
  setSlot,
  withResolution,
  type Prog,
  type ScheduleTemperatureEntry,
} from '@hearth/protocol';
import { useDeferredSave } from '../../lib/autosave/use-deferred-save';
import { zonedNow } from '../../lib/time/zoned-now';
import { useClientData } from '../../lib/client-data';
import { useScheduleWrites } from './api/use-schedule-writes';
import {
  isTimer,
  profileEntries,
  progOf,
  progTempsBody,
  slotChoices,
  unitsOf,
  type ScheduleNode,
} from './model/schedule-model';
import { CopyDayDialog } from './components/copy-day-dialog';
import { DayBar } from './components/day-bar';
import { DaySelector } from './components/day-selector';
import { ProfileHeader } from './components/profile-header';
import { ResolutionDialog } from './components/resolution-dialog';
import { SelectedToast } from './components/selected-toast';
import { SlotList } from './components/slot-list';

/** The default brand's eco and comfort ranges (spec 1 §7 nodeParameters). */
const DEFAULT_NODE_PARAMETERS = defaultClientData([]).nodeParameters;

const VALUE_KEYS = ['ice', 'eco', 'comfort'] as const;
const TIMER_KEYS = ['off', 'on'] as const;

interface ScheduleEditorProps {
  /** The first node's programme is shown; every write goes to all of them. */
  nodes: readonly ScheduleNode[];
  timeZone: string | undefined;
  /** Spec 3 §6: only an owner changes the schedule resolution (the server refuses guests). */
  owner: boolean;
}

export function ScheduleEditor({ nodes, timeZone, owner }: ScheduleEditorProps) {
  const { t, i18n } = useTranslation();
  const primary = nodes[0] as ScheduleNode;
  const timer = isTimer(primary.node);
  const units = unitsOf(primary.node);
  const now = zonedNow(timeZone);
  const writes = useScheduleWrites(nodes);

  const [draft, setDraft] = useState<Prog | undefined>();
  const [entries, setEntries] = useState<ScheduleTemperatureEntry[] | undefined>();
  const [day, setDay] = useState<number>(now.w);
  const [dialog, setDialog] = useState<'copy' | 'resolution' | undefined>();
  const [showSelected, setShowSelected] = useState(nodes.length > 1);
  // A refused or failed save leaves the node as it was: its own programme shows again, unless
  // the user has edited since (the error itself is told by the writes).
  // The brand's per-profile limits; the defaults stand in until (or unless) they arrive.
  const thresholds = (useClientData().nodeParameters ?? DEFAULT_NODE_PARAMETERS).tempThresholds
    .heat;
  const save = useDeferredSave<Prog>(
    (p) =>
      writes.prog.mutate(p, {
        onError: () => setDraft((shown) => (shown === p ? undefined : shown)),
      }),
    SCHEDULE_SAVE_DELAY_MS,
  );

  const prog = draft ?? progOf(primary.node);
  const resolution = progResolution(prog);
  const slots = prog[PROG_DAY_KEYS[day] ?? '0'];
  // Spec 3 §2: the schedule's day selector runs Monday to Sunday in every language.
  const order = SCHEDULE_DAY_SELECTOR_ORDER;
  const valueLabel = (v: number) =>
    t(`schedule.values.${timer ? (TIMER_KEYS[v] ?? 'off') : (VALUE_KEYS[v] ?? 'eco')}`);
  const isToday = day === now.w;

  const edit = (next: Prog) => {
    setDraft(next);
    save.stage(next);
  };

  return (
    <div className="schedule">
      {showSelected && (
        <SelectedToast
          names={nodes.map((n) => n.node.name)}
          onDismiss={() => setShowSelected(false)}
        />
      )}
      <ProfileHeader
        entries={entries ?? profileEntries(primary.node, thresholds)}
        units={units}
        timer={timer}
        onSave={(entry) => {
          const next = (entries ?? profileEntries(primary.node, thresholds)).map((e) =>
            e.id === entry.id ? entry : e,
          );
          setEntries(next);
          // Refused (e.g. eco above comfort) or failed: the node's own temperatures show again.
          writes.temps.mutate(progTempsBody(next, units), {
            onError: () => setEntries((shown) => (shown === next ? undefined : shown)),
          });
        }}
      />
      <DaySelector
        order={order}
        selected={day}
        today={now.w}
        lang={i18n.language}
        label={t('schedule.days')}
        onSelect={setDay}
      />
      <DayBar
        slots={slots}
        resolution={resolution}
        nowMinute={isToday ? now.h * 60 + now.m : undefined}
        valueLabel={valueLabel}
        label={t('schedule.dayBar')}
      />
      <div className="schedule__actions">
        <button type="button" className="hearth-button" onClick={() => setDialog('copy')}>
          {t('schedule.copy.open')}
        </button>
        {owner && (
          <button type="button" className="hearth-button" onClick={() => setDialog('resolution')}>
            {t('schedule.resolution.open')}
          </button>
        )}
        {save.pending && (
          <span className="schedule__pending" data-testid="schedule-pending">
            {t('schedule.pending')}
          </span>
        )}
      </div>
      <SlotList
        slots={slots}
        resolution={resolution}
        choices={slotChoices(timer)}
        valueLabel={valueLabel}
        now={isToday ? now : undefined}
        onChange={(i, v) => edit(setSlot(prog, day, i, v))}
      />
      {dialog === 'copy' && (
        <CopyDayDialog
          order={order}
          from={day}
          lang={i18n.language}
          onCancel={() => setDialog(undefined)}
          onCopy={(days) => {
            setDialog(undefined);
            edit(copyDay(prog, day, days));
            save.flush();
          }}
        />
      )}
      {owner && dialog === 'resolution' && (
        <ResolutionDialog
          current={resolution}
          onCancel={() => setDialog(undefined)}
          onChoose={(to) => {
            setDialog(undefined);
            save.discard();
            const next = withResolution(prog, to);
            setDraft(next);
            // A refused write leaves the node as it was: show its own programme again (the
            // error itself reaches the global toast).
            writes.resolution.mutate({ to, p: next }, { onError: () => setDraft(undefined) });
          }}
        />
      )}
    </div>
  );
}
