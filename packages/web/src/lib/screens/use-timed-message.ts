import { useCallback, useEffect, useRef, useState } from 'react';
import { useErrorToastStore } from '../http/error-store';
import { SAVE_TOAST_MS } from './constants';

export interface TimedMessage {
  text: string;
  kind: 'success' | 'error';
}

/**
 * Spec 2 §4 "Saves": a success toast stays 2 s, then `after` runs (usually navigation).
 * Errors stay until the next field change hides them (`clear`).
 */
export function useTimedMessage() {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const success = useCallback((text: string, after?: () => void, ms = SAVE_TOAST_MS) => {
    clearTimeout(timer.current);
    // A success answers what an earlier error toast said: it must not stay beside it.
    useErrorToastStore.getState().dismiss();
    setMessage({ text, kind: 'success' });
    timer.current = setTimeout(() => {
      setMessage(null);
      after?.();
    }, ms);
  }, []);
  const error = useCallback((text: string) => {
    clearTimeout(timer.current);
    setMessage({ text, kind: 'error' });
  }, []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, success, error, clear };
}
