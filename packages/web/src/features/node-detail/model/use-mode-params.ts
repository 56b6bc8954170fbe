import { useCallback, useEffect, useRef, useState } from 'react';
import { MODE_PARAMS_REFRESH_DEBOUNCE_MS } from '@hearth/protocol';

/** Spec 3 §3 mode parameters of the boost or runback dialog, as far as this screen uses them. */
export interface ModeParams {
  temperature: number;
  /** Boost in hours, runback in minutes. */
  time: number;
  timeLocked: boolean;
  maxRunbackTime: number;
}

/**
 * The mode parameters the boost or runback dialog opens with, for the node `id`. A choice the
 * user accepts is what the dialog shows again (editing a running boost starts from it, not
 * from the device's default); the device's own parameters are taken up again once neither the
 * user nor the device has changed them for MODE_PARAMS_REFRESH_DEBOUNCE_MS (spec 3 §9: mode
 * parameter refresh 10 s), so the echo of the write, sent before the device applies it, or a
 * burst of updates does not throw the choice away. Another node starts from its device's.
 */
export function useModeParams(id: string, device: ModeParams | undefined) {
  const [local, setLocal] = useState<{ id: string; params: ModeParams } | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshLater = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLocal(undefined), MODE_PARAMS_REFRESH_DEBOUNCE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const own = local?.id === id ? local.params : undefined;
  const deviceKey = device ? JSON.stringify(device) : '';
  // Each change the device reports restarts the wait while a choice of the user's is shown.
  const waiting = own !== undefined;
  useEffect(() => {
    if (waiting) refreshLater();
  }, [deviceKey, waiting, refreshLater]);

  const params = own ?? device;
  const choose = useCallback(
    (choice: Pick<ModeParams, 'temperature' | 'time'>) => {
      if (!params) return;
      setLocal({ id, params: { ...params, ...choice } });
      refreshLater();
    },
    [id, params, refreshLater],
  );
  return { params, choose };
}
