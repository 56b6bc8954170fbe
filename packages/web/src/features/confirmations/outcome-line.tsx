import type { Outcome } from './use-confirmation';

/** Success or failure of a confirmation, announced. */
export function OutcomeLine({
  outcome,
  success,
  failure,
}: {
  outcome: Outcome;
  success: string;
  failure: string;
}) {
  if (outcome === 'pending') return null;
  const ok = outcome === 'success';
  return (
    <p
      role={ok ? 'status' : 'alert'}
      className={`hearth-message hearth-message--${ok ? 'success' : 'error'}`}
      data-testid={ok ? 'form-success' : 'form-error'}
    >
      {ok ? success : failure}
    </p>
  );
}
