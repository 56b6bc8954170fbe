import type { TimedMessage } from './use-timed-message';

/** The toast of a form: announced (role alert for errors, status for success). */
export function MessageLine({ message }: { message: TimedMessage | null }) {
  if (!message) return null;
  return (
    <p
      role={message.kind === 'error' ? 'alert' : 'status'}
      className={`hearth-message hearth-message--${message.kind}`}
      data-testid={message.kind === 'error' ? 'form-error' : 'form-success'}
    >
      {message.text}
    </p>
  );
}
