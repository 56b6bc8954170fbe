import { useId, useState } from 'react';
import { IonIcon } from '@ionic/react';
import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH } from '@hearth/protocol';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'new-password' | 'current-password';
  /** New passwords are capped at the rule's 20 characters (spec 1 §2 registration). */
  capped?: boolean;
}

/** A labelled password field with a reveal toggle. */
export function PasswordInput({ label, value, onChange, autoComplete, capped = true }: Props) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const id = useId();
  // The label holds only its text, so the field's accessible name is exactly the label.
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <span className="auth-password">
        <input
          id={id}
          type={revealed ? 'text' : 'password'}
          value={value}
          maxLength={capped ? PASSWORD_MAX_LENGTH : undefined}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
        <button
          type="button"
          className="auth-reveal"
          aria-pressed={revealed}
          aria-label={revealed ? t('login.hidePassword') : t('login.showPassword')}
          aria-controls={id}
          onClick={() => setRevealed((r) => !r)}
        >
          <IonIcon icon={revealed ? eyeOffOutline : eyeOutline} aria-hidden="true" />
        </button>
      </span>
    </div>
  );
}
