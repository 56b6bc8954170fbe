import { useCallback, useEffect, useRef, useState } from 'react';
import {
  SHAKE_MS,
  TEMP_DEBOUNCE_MS,
  clampTemperature,
  correctForBounds,
  nudgeTemperature,
  parseDecimal,
  type NodeMode,
  type NudgeDirection,
  type TemperatureUnits,
} from '@hearth/protocol';
import type { TemperatureLimits } from '../../../lib/devices';

export interface TemperatureEditInput {
  /** The set point the device last reported, as on the wire. */
  deviceStemp: string | undefined;
  /**
   * False while the status is the server's echo of a write (sync_status pending): its values
   * are what was asked for, not what the device did, so they answer no edit.
   */
  deviceConfirmed?: boolean;
  deviceUnits: TemperatureUnits;
  mode: NodeMode | undefined;
  limits: TemperatureLimits;
  /** Sends the value; a promise of false means the write was not taken (refused or failed). */
  send: (value: number, units: TemperatureUnits) => unknown;
  /** Spec 3 §4: a change away from the auto temperature while in auto. */
  onModifiedAuto: () => void;
}

interface Pending {
  value: number;
  units: TemperatureUnits;
  sent: boolean;
  /** The device's value when the edit was sent. */
  base?: number | undefined;
}

/**
 * Spec 3 §5 temperature control: local pending value, clamp and step, shake at a bound,
 * sent 5 s after the last change, shown as pending until the device reports it.
 */
export function useTemperatureEdit(input: TemperatureEditInput) {
  const { deviceStemp, deviceUnits, mode, limits } = input;
  const confirmed = input.deviceConfirmed !== false;
  const device = parseDecimal(deviceStemp);
  const [pending, setPending] = useState<Pending | undefined>();
  const [shaking, setShaking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shakeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ input, pending });
  latest.current = { input, pending };

  const sendNow = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const p = latest.current.pending;
    if (!p || p.sent) return;
    const sent = { ...p, sent: true, base: parseDecimal(latest.current.input.deviceStemp) };
    const taken = latest.current.input.send(p.value, p.units);
    setPending(sent);
    if (taken instanceof Promise)
      void taken.then((ok) => {
        // A write not taken gets no answer from the device: its own value shows again.
        if (ok === false) setPending((now) => (now === sent ? undefined : now));
      });
  }, []);

  // The device confirmed the value, or settled on another one of its own (a programme step):
  // either way nothing is pending any more. Its old value alone is not an answer.
  useEffect(() => {
    if (!pending?.sent || device === undefined || !confirmed) return;
    if (device === pending.value || device !== pending.base) setPending(undefined);
  }, [device, pending, confirmed]);

  // Spec 3 §5: an edit in other units than the status is dropped; the status units win.
  useEffect(() => {
    if (pending && pending.units !== deviceUnits) {
      clearTimeout(timer.current);
      setPending(undefined);
    }
  }, [deviceUnits, pending]);

  // Spec 3 §5: when min or max changes, an out-of-range value is corrected.
  useEffect(() => {
    if (!pending) return;
    const fixed = correctForBounds(pending.value, limits.min, limits.max);
    if (fixed.corrected) setPending({ ...pending, value: fixed.value, sent: false });
  }, [limits.min, limits.max, pending]);

  // Leaving the view sends what is still waiting (spec 3 §4).
  useEffect(
    () => () => {
      clearTimeout(shakeTimer.current);
      if (timer.current !== undefined) sendNow();
    },
    [sendNow],
  );

  const shake = () => {
    setShaking(true);
    clearTimeout(shakeTimer.current);
    shakeTimer.current = setTimeout(() => setShaking(false), SHAKE_MS);
  };

  const apply = (value: number) => {
    if (mode === 'auto' && device !== undefined && value !== device) input.onModifiedAuto();
    setPending({ value, units: deviceUnits, sent: false });
    clearTimeout(timer.current);
    timer.current = setTimeout(sendNow, TEMP_DEBOUNCE_MS);
  };

  const current = pending?.value ?? device;

  return {
    value: current,
    pending: pending !== undefined,
    shaking,
    nudge(direction: NudgeDirection) {
      if (current === undefined) return;
      // Spec 3 §5: plus or minus at a bound sets the bound and shakes; a value the device
      // reported outside the range is brought into it (nudgeTemperature), never kept out of it.
      const result = nudgeTemperature(current, direction, limits);
      if (result.hitBound) shake();
      if (result.value !== current) apply(result.value);
    },
    set(value: number) {
      if (current === undefined) return;
      const next = clampTemperature(value, limits.min, limits.max);
      if (next === current) {
        if (next !== value) shake();
        return;
      }
      apply(next);
    },
    flush: sendNow,
    /** Drops an edit not sent yet (restore auto wants the programme, not the edit). */
    cancel() {
      clearTimeout(timer.current);
      timer.current = undefined;
      setPending(undefined);
    },
  };
}
