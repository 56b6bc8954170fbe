interface Props {
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with two answers, announced to screen readers as an alert dialog. */
export function ConfirmDialog({ message, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  return (
    <div className="hearth-dialog-backdrop">
      <div role="alertdialog" aria-modal="true" aria-label={message} className="hearth-dialog">
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
