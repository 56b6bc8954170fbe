import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canAddProfile,
  copyGridDay,
  currentGridCell,
  emptyPowerGrid,
  gridToSlots,
  newProfile,
  POWER_SCHEDULE_SAVE_DELAY_MS,
  removeProfile,
  setGridHour,
  slotsToGrid,
  weekDayOrder,
  type MaxPowerType,
  type PowerProfile,
} from '@hearth/protocol';
import { useDeferredSave } from '../../lib/autosave/use-deferred-save';
import { zonedNow } from '../../lib/time/zoned-now';
import type { ExtraData } from './api/power-api';
import { usePowerWrites, type PowerTargetDev } from './api/use-power-writes';
import { configForType, fixedValueOf, type PowerState } from './model/power-model';
import { CopyRowsDialog } from './components/copy-rows-dialog';
import { MaxPowerTypeSection } from './components/max-power-type';
import { PowerGrid } from './components/power-grid';
import { ProfileDialog } from './components/profile-dialog';
import { ProfileList } from './components/profile-list';
import { ProfileSelectionDialog, type ProfileChoice } from './components/profile-selection-dialog';
import { SetupDialog } from './components/setup-dialog';

type Editing = { index: number; profile: PowerProfile } | undefined;

interface PowerEditorProps {
  homeId: string;
  extra: ExtraData;
  devs: readonly PowerTargetDev[];
  initial: PowerState;
  timeZone: string | undefined;
  admin: boolean;
}

export function PowerEditor({ homeId, extra, devs, initial, timeZone, admin }: PowerEditorProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const order = weekDayOrder(lang);
  const writes = usePowerWrites(homeId, extra, devs);
  const [state, setState] = useState(initial);
  const [brush, setBrush] = useState(0);
  const [row, setRow] = useState(() => currentGridCell(zonedNow(timeZone), lang).row);
  const [editing, setEditing] = useState<Editing>();
  const [copying, setCopying] = useState(false);
  const [setupDismissed, setSetupDismissed] = useState(false);
  const [selectionDismissed, setSelectionDismissed] = useState(false);
  const dismissSelection = useCallback(() => setSelectionDismissed(true), []);

  const write = (s: PowerState) =>
    writes.mutate({
      type: s.type,
      profiles: s.profiles,
      slots: s.grid ? gridToSlots(s.grid, lang) : [],
    });
  const save = useDeferredSave<PowerState>(write, POWER_SCHEDULE_SAVE_DELAY_MS);
  const stage = (s: PowerState) => {
    setState(s);
    save.stage(s);
  };
  /** Spec 3 §4: a profile change saves at once, taking any pending hours with it. */
  const saveNow = (s: PowerState) => {
    setState(s);
    save.discard();
    write(s);
  };

  const chooseType = (type: MaxPowerType, fixed: number) => {
    const c = configForType(type, fixed, t(`powerSchedule.type.${type}`));
    saveNow({
      type,
      profiles: c.profiles,
      grid: c.slots.length ? slotsToGrid(c.slots, lang) : undefined,
    });
  };
  const saveProfile = (index: number, profile: PowerProfile) => {
    setEditing(undefined);
    const profiles =
      index < 0
        ? [...state.profiles, profile]
        : state.profiles.map((p, i) => (i === index ? profile : p));
    saveNow({ ...state, profiles });
  };
  const deleteProfile = (index: number) => {
    setEditing(undefined);
    const slots = state.grid ? gridToSlots(state.grid, lang) : [];
    const r = removeProfile(state.profiles, slots, index);
    setBrush(0);
    saveNow({
      ...state,
      profiles: r.profiles,
      grid: r.slots.length ? slotsToGrid(r.slots, lang) : undefined,
    });
  };

  const chooseProfiles = ({ keep, values }: ProfileChoice) => {
    setSelectionDismissed(true);
    const profiles: PowerProfile[] = [...keep];
    for (const value of values) {
      const p = newProfile(
        profiles.map((x) => x.name),
        t('powerSchedule.profiles.newName'),
      );
      profiles.push({ ...p, value });
    }
    saveNow({ ...state, profiles });
  };

  const now = currentGridCell(zonedNow(timeZone), lang);
  const schedule = state.type === 'schedule';
  // Spec 3 §2: the selection opens when there are no profiles or no schedule; the setup,
  // when the schedule is still empty after it.
  const selecting =
    schedule && (state.profiles.length === 0 || !state.grid) && !selectionDismissed && !editing;
  return (
    <div className="power">
      <MaxPowerTypeSection
        type={state.type}
        fixedValue={fixedValueOf(state)}
        editable={admin && extra.editable !== false}
        onChoose={chooseType}
      />
      {schedule && (
        <ProfileList
          profiles={state.profiles}
          brush={brush}
          canAdd={canAddProfile(state.profiles.length, editing?.index === -1)}
          onBrush={setBrush}
          onEdit={(index) => setEditing({ index, profile: state.profiles[index] as PowerProfile })}
          onAdd={() =>
            setEditing({
              index: -1,
              profile: newProfile(
                state.profiles.map((p) => p.name),
                t('powerSchedule.profiles.newName'),
              ),
            })
          }
        />
      )}
      {schedule && state.profiles.length === 0 && (
        <p className="power__hint">{t('powerSchedule.noProfiles')}</p>
      )}
      {schedule && state.grid && (
        <section aria-labelledby="power-grid-title">
          <h2 id="power-grid-title">{t('powerSchedule.grid')}</h2>
          <div className="power__actions">
            <button type="button" onClick={() => setCopying(true)}>
              {t('powerSchedule.copy.open')}
            </button>
            {save.pending && <span data-testid="power-pending">{t('powerSchedule.pending')}</span>}
          </div>
          <PowerGrid
            grid={state.grid}
            order={order}
            profiles={state.profiles}
            lang={lang}
            selectedRow={row}
            now={now}
            onSelectRow={setRow}
            onCell={(r, h) => stage({ ...state, grid: setGridHour(state.grid ?? [], r, h, brush) })}
          />
        </section>
      )}
      {editing && (
        <ProfileDialog
          profile={editing.profile}
          isNew={editing.index < 0}
          onCancel={() => setEditing(undefined)}
          onSave={(p) => saveProfile(editing.index, p)}
          onDelete={() => deleteProfile(editing.index)}
        />
      )}
      {copying && state.grid && (
        <CopyRowsDialog
          order={order}
          fromRow={row}
          lang={lang}
          onCancel={() => setCopying(false)}
          onCopy={(rows) => {
            setCopying(false);
            stage({ ...state, grid: copyGridDay(state.grid ?? [], row, rows) });
            save.flush();
          }}
        />
      )}
      {selecting && (
        <ProfileSelectionDialog
          existing={state.profiles}
          onCancel={dismissSelection}
          onChoose={chooseProfiles}
        />
      )}
      {schedule &&
        !selecting &&
        !state.grid &&
        state.profiles.length > 0 &&
        !setupDismissed &&
        !editing && (
          <SetupDialog
            profiles={state.profiles}
            onCancel={() => setSetupDismissed(true)}
            onStart={(p) => saveNow({ ...state, grid: emptyPowerGrid(p) })}
          />
        )}
    </div>
  );
}
