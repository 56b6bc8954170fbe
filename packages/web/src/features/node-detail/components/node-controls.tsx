import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MODIFIED_AUTO_TOAST_MS,
  TIMER_MODE_DEBOUNCE_MS,
  isTimerOn,
  modeClickAction,
  type NodeMode,
} from '@hearth/protocol';
import { formatTemperature, temperatureLimits, type LiveNode } from '../../../lib/devices';
import { scopedLimits, scopedModes, type MyAccess } from '../../../lib/sharing';
import { DataAge } from '../../../lib/socket/data-age';
import { Toast } from '../../../lib/ui/toast';
import { availableModes, nodeCapabilities } from '../model/node-capabilities';
import type { nodeActions } from '../model/use-node-actions';
import { useTemperatureEdit } from '../model/use-temperature-edit';
import { ModeSwitcher } from './mode-switcher';
import { TemperatureControl } from './temperature-control';
import { TimerControl } from './timer-control';

interface NodeControlsProps {
  node: LiveNode;
  actions: ReturnType<typeof nodeActions>;
  /** A guest's rights: set points and modes within the scope (docs/sharing.md). */
  access?: MyAccess | undefined;
  /** A lost node: every control shows, none works (spec 3 §2). */
  disabled?: boolean;
  /** Since when the node's values are stale (issue 25); unset while live. */
  staleSince?: number | undefined;
  onOpenBoost: () => void;
}

/** Mode switcher, set point (or timer switch), and the modified-auto advice with its restore. */
export function NodeControls({
  node,
  actions,
  access,
  disabled,
  staleSince,
  onOpenBoost,
}: NodeControlsProps) {
  const { t, i18n } = useTranslation();
  const status = node.status;
  const mode = status?.mode;
  const limits = scopedLimits(temperatureLimits(node), access);
  const caps = nodeCapabilities(node);
  const [toast, setToast] = useState(false);
  const [localMode, setLocalMode] = useState<NodeMode | undefined>();
  const toastTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const timerFlip = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The timer flip waiting for its 1 s debounce; spec 3 §4: pending updates are flushed when
  // the view is left.
  const pendingFlip = useRef<(() => void) | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(toastTimer.current);
      clearTimeout(timerFlip.current);
      pendingFlip.current?.();
    },
    [],
  );
  // The device's report wins over what the app guessed.
  useEffect(() => setLocalMode(undefined), [mode]);
  const shownMode = localMode ?? mode;

  const edit = useTemperatureEdit({
    deviceStemp: status?.stemp,
    deviceConfirmed: status?.sync_status !== 'pending',
    deviceUnits: limits.units,
    mode: shownMode,
    limits,
    send: (value, units) =>
      actions.setTemperature(value, units).then((taken) => {
        // A refused set point modified nothing: the device's mode shows again.
        if (!taken) setLocalMode((now) => (now === 'modified_auto' ? undefined : now));
        return taken;
      }),
    onModifiedAuto: () => {
      setLocalMode('modified_auto');
      setToast(true);
      clearTimeout(toastTimer.current);
      toastTimer.current = setTimeout(() => setToast(false), MODIFIED_AUTO_TOAST_MS);
    },
  });

  // Shown at once; a mode the write did not set is not shown as chosen: the device's stands.
  const choose = (next: NodeMode) => {
    setLocalMode(next);
    void actions.setMode(mode, next).then((taken) => {
      if (!taken) setLocalMode((now) => (now === next ? undefined : now));
    });
  };

  const pick = (next: NodeMode) => {
    const action = modeClickAction(shownMode, next);
    if (action === 'none') return;
    if (action === 'openBoostDialog') {
      onOpenBoost();
      return;
    }
    edit.flush();
    choose(next);
  };

  // Spec 3 §4: the restore-auto action returns to auto (the switcher shows auto as active).
  const restore = () => {
    edit.cancel();
    choose('auto');
  };

  const [timerOn, setTimerOn] = useState<boolean | undefined>();
  useEffect(() => setTimerOn(undefined), [status?.stemp, mode]);
  const shownTimerOn = timerOn ?? isTimerOn(node);
  const flipTimer = (on: boolean) => {
    setTimerOn(on);
    clearTimeout(timerFlip.current);
    const send = () => {
      pendingFlip.current = undefined;
      void actions.setMode(mode, on ? (actions.lastOnMode() ?? 'manual') : 'off');
    };
    pendingFlip.current = send;
    // Spec 3 §9: the timer switch is sent 1 s after the last flip.
    timerFlip.current = setTimeout(send, TIMER_MODE_DEBOUNCE_MS);
  };

  return (
    <div className="node-controls">
      <ModeSwitcher
        available={scopedModes(availableModes(node), access)}
        current={shownMode}
        disabled={disabled}
        onPick={pick}
      />
      {caps.timer ? (
        <TimerControl
          on={shownTimerOn}
          enabled={!disabled && (mode === 'manual' || mode === 'off')}
          onFlip={flipTimer}
        />
      ) : (
        <TemperatureControl
          label={t('nodeDetail.setTemperature')}
          value={edit.value}
          min={limits.min}
          max={limits.max}
          units={limits.units}
          pending={edit.pending}
          shaking={edit.shaking}
          disabled={disabled}
          dashes={shownMode === 'off'}
          onNudge={edit.nudge}
          onSet={edit.set}
        />
      )}
      {/* Spec 3 §2: a timer's measured temperature is hidden. */}
      {!caps.timer && (
        <p
          className={`node-controls__measured${staleSince !== undefined ? ' node-controls__measured--stale' : ''}`}
          data-stale={staleSince !== undefined}
        >
          <span>{t('nodeDetail.measured')}</span>{' '}
          <span data-testid="detail-mtemp">
            {/* In the user's number format with one decimal, as the set point and the cards. */}
            {formatTemperature(status?.mtemp, limits.units, i18n.language)}
          </span>
          {/* Issue 25: a measurement not refreshed for longer than a report interval says how
              old it is, never passing for the room's temperature now. */}
          {staleSince !== undefined && (
            <DataAge since={staleSince} className="node-controls__age" />
          )}
        </p>
      )}
      {shownMode === 'modified_auto' && (
        <button
          type="button"
          className="node-controls__restore"
          disabled={disabled}
          onClick={restore}
        >
          {t('nodeDetail.restoreAuto')}
        </button>
      )}
      {toast && (
        <Toast
          title={t('advice')}
          message={t('nodeDetail.autoModified')}
          variant="warning"
          closeLabel={t('nodeDetail.close')}
          onDismiss={() => setToast(false)}
          testId="modified-auto-toast"
        />
      )}
    </div>
  );
}
