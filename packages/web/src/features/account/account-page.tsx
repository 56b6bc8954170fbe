import { useEffect, useState } from 'react';
import { IonLabel, IonSegment, IonSegmentButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SUCCESS_TOAST_MS } from '@hearth/protocol';
import { goBack, useLater } from '../../lib/accounts';
import { PageFrame } from '../../lib/screens';
import { useSessionStore } from '../../lib/session/session-store';
import { DeleteSection } from './delete-section';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import './account.css';

const SECTIONS = ['email', 'password', 'configuration'] as const;
type Section = (typeof SECTIONS)[number];

/** Account (spec 1 §2): e-mail, password and configuration; success shows 2 s, then back. */
export function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useSessionStore((s) => s.username);
  const [query] = useSearchParams();
  const asked = query.get('section');
  const [section, setSection] = useState<Section>(SECTIONS.find((s) => s === asked) ?? 'email');
  const [success, setSuccess] = useState<string | null>(null);
  const { later } = useLater();
  // Spec 1 §2: a success message shows for 2 s, also when the user moved on meanwhile (Ionic
  // keeps this page below the next one): coming back finds it gone.
  useEffect(() => {
    if (success === null) return;
    const timer = setTimeout(() => setSuccess(null), SUCCESS_TOAST_MS);
    return () => clearTimeout(timer);
  }, [success]);
  const done = (message: string) => {
    setSuccess(message);
    later(() => goBack(navigate, '/'), SUCCESS_TOAST_MS);
  };
  return (
    <PageFrame title={t('account.title')} backLabel={t('accountsShared.back')}>
      <p className="auth-help" data-testid="account-email">
        {email}
      </p>
      <IonSegment
        className="account__tabs"
        value={section}
        onIonChange={(e) => setSection(e.detail.value as Section)}
      >
        {SECTIONS.map((s) => (
          <IonSegmentButton key={s} value={s} data-testid={`account-tab-${s}`}>
            <IonLabel>
              <span>{t(`account.${s}Section`)}</span>
            </IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      <div className="account__section">
        {section === 'email' && <EmailForm onDone={done} />}
        {section === 'password' && <PasswordForm onDone={done} />}
        {section === 'configuration' && <DeleteSection />}
      </div>
      {success && (
        <p
          role="status"
          className="hearth-message hearth-message--success"
          data-testid="form-success"
        >
          {success}
        </p>
      )}
    </PageFrame>
  );
}
