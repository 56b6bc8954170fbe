interface Props {
  /** What could not be loaded, from the caller's translations. */
  message: string;
  /** The Retry button's text, from the caller's translations. */
  retryLabel: string;
  onRetry: () => void;
  /** A read asked again is under way: the button waits for it. */
  retrying?: boolean;
  testId?: string;
}

/**
 * Ruling D13: a screen, or a part of one, whose data failed to load says so and offers Retry,
 * in place of what it would have shown, so that a failed read never looks like "nothing there"
 * and nothing is offered to save over data that was not read.
 */
export function LoadFailedPanel({ message, retryLabel, onRetry, retrying = false, testId }: Props) {
  return (
    <div className="hearth-load-failed" role="alert" data-testid={testId}>
      <p>{message}</p>
      <button
        type="button"
        className="hearth-button hearth-button--primary"
        onClick={onRetry}
        disabled={retrying}
        aria-busy={retrying}
      >
        {retryLabel}
      </button>
    </div>
  );
}
