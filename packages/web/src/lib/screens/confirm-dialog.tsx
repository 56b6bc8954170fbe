import { useRef } from 'react';
import { useModalFocus } from '../ui/use-modal-focus';

interface Props {
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with two answers, announced to screen readers as an alert dialog. */
export function ConfirmDialog({ message, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useModalFocus(ref);
  return (
    <div className="hearth-dialog-backdrop">
      <div
        ref={ref}
        role="alertdialog"
        aria-modal="true"
        aria-label={message}
        className="hearth-dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onCancel();
        }}
      >
        <p>{message}</p>
        <div className="hearth-actions">
          <button type="button" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className="hearth-primary" onClick={onConfirm} autoFocus>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
