import { useEffect, useId, useRef, type ReactNode } from 'react';
import './dialog.css';
import { Overlay } from './overlay';
import { useModalFocus } from './use-modal-focus';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons of the dialog's footer. */
  actions?: ReactNode;
  testId?: string;
}

/**
 * A modal in plain DOM (role dialog, labelled by its title, Escape closes) so that screen
 * readers, keyboard users and tests meet the same thing; Ionic's overlay portals are avoided.
 */
export function Dialog({ title, onClose, children, actions, testId }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useModalFocus(ref);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Overlay>
      <div className="hearth-dialog__backdrop" onClick={onClose}>
        <div
          ref={ref}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          className="hearth-dialog"
          data-testid={testId}
          tabIndex={-1}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onClose();
          }}
        >
          <h2 id={titleId} className="hearth-dialog__title">
            {title}
          </h2>
          <div className="hearth-dialog__body">{children}</div>
          {actions && <div className="hearth-dialog__actions">{actions}</div>}
        </div>
      </div>
    </Overlay>
  );
}
