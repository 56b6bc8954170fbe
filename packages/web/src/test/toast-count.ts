import { useErrorToastStore } from '../lib/http';

/**
 * How many times the error toast was told from now on: a failure is told once, by the HTTP
 * layer or by its caller, never by both (spec 1 §8).
 */
export function countToasts(): () => number {
  const before = useErrorToastStore.getState().seq;
  return () => useErrorToastStore.getState().seq - before;
}

/**
 * Answers a test can give a call to see the refusal policy (lib/http refusal.ts) at work: the
 * server's code decides, the status only for an answer that carries none.
 */
export const REFUSALS = [
  [400, 'validation_failed'],
  [409, 'already_registered'],
  [409, 'device_conflict'],
  [409, undefined],
] as const;
export const NOT_REFUSALS = [
  [409, 'internal_error'],
  [400, 'bad_gateway'],
  [502, 'bad_gateway'],
  [500, undefined],
] as const;

/** The wire's error body for a status and code (docs/wire-contract.md §1). */
export function errorBody(status: number, error: string | undefined) {
  return { message: 'no', statusCode: status, ...(error === undefined ? {} : { error }) };
}
