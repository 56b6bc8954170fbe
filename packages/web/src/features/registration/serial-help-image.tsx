import { useEffect, useId, useRef } from 'react';
import './serial-help.css';
import { Overlay } from '../../lib/ui/overlay';
import { useModalFocus } from '../../lib/ui/use-modal-focus';

/** Where the serial id is: a drawing of the device label with the 4-character id circled. */
export function SerialHelpImage({ caption }: { caption: string }) {
  return (
    <figure className="serial-help-image">
      <svg viewBox="0 0 240 140" role="img" aria-label={caption}>
        <rect x="10" y="10" width="220" height="120" rx="12" fill="#f2f2f2" stroke="#888" />
        <rect x="30" y="30" width="180" height="80" rx="6" fill="#fff" stroke="#aaa" />
        <text x="45" y="55" fontSize="12" fill="#555">
          MODEL SBX-02
        </text>
        <text x="45" y="75" fontSize="12" fill="#555">
          SN 0101
        </text>
        <ellipse cx="83" cy="71" rx="26" ry="12" fill="none" stroke="#d9480f" strokeWidth="3" />
        <text x="45" y="95" fontSize="10" fill="#999">
          230V ~ 50Hz
        </text>
      </svg>
      <figcaption className="auth-help">{caption}</figcaption>
    </figure>
  );
}

interface SerialHelpScreenProps {
  title: string;
  caption: string;
  closeLabel: string;
  onClose: () => void;
}

/**
 * Spec 1 §2 registration step 2: the help link opens the image full-screen (not a dialog box
 * over the form). Escape or the close button leave it, and focus goes back to the link.
 */
export function SerialHelpScreen({ title, caption, closeLabel, onClose }: SerialHelpScreenProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // Tab stays inside; closing gives the focus back to the link that opened it.
  useModalFocus(ref);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Overlay>
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="serial-help-screen"
        data-testid="serial-help-screen"
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <div className="serial-help-screen__bar">
          <h2 id={titleId} className="serial-help-screen__title">
            {title}
          </h2>
          <button type="button" className="hearth-button hearth-button--primary" onClick={onClose}>
            {closeLabel}
          </button>
        </div>
        <SerialHelpImage caption={caption} />
      </div>
    </Overlay>
  );
}
