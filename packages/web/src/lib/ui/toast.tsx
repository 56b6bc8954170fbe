import './toast.css';
import { Overlay } from './overlay';

export type ToastVariant = 'warning' | 'danger';

interface ToastProps {
  title: string;
  message: string;
  variant: ToastVariant;
  closeLabel: string;
  onDismiss: () => void;
  testId?: string;
}

/**
 * A toast in Ionic's look, rendered as plain DOM so that screen readers announce it
 * (role alert) and tests can read it; the owner decides how long it stays.
 */
export function Toast({ title, message, variant, closeLabel, onDismiss, testId }: ToastProps) {
  return (
    <Overlay>
      <div role="alert" className={`hearth-toast hearth-toast--${variant}`} data-testid={testId}>
        <div className="hearth-toast__text">
          <strong className="hearth-toast__title">{title}</strong>
          <span className="hearth-toast__message">{message}</span>
        </div>
        <button
          type="button"
          className="hearth-toast__close"
          aria-label={closeLabel}
          onClick={onDismiss}
        >
          ×
        </button>
      </div>
    </Overlay>
  );
}
