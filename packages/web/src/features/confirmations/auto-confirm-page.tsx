import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthFrame } from '../../lib/accounts';
import { OutcomeLine } from './outcome-line';
import { useConfirmation } from './use-confirmation';

/** Registration and e-mail change confirmations: the link's code is sent as soon as the screen opens. */
function AutoConfirmPage({ kind }: { kind: 'registration' | 'email' }) {
  const { t } = useTranslation();
  const { user, code, outcome, run } = useConfirmation();
  const sent = useRef(false);
  useEffect(() => {
    // Once per visit: codes are single-use, a second call would report a failure.
    if (sent.current) return;
    sent.current = true;
    run({ kind, user, code });
  }, [kind, user, code, run]);
  const registration = kind === 'registration';
  return (
    <AuthFrame
      title={registration ? t('confirmations.registrationTitle') : t('confirmations.emailTitle')}
    >
      {outcome === 'pending' && <p className="auth-help">{t('confirmations.checking')}</p>}
      <OutcomeLine
        outcome={outcome}
        success={
          registration ? t('confirmations.registerSuccess') : t('confirmations.emailSuccess')
        }
        failure={
          registration
            ? t('errors.registerConfirmationError')
            : t('errors.passwordResetConfirmationError')
        }
      />
      {outcome !== 'pending' && <p className="auth-help">{t('confirmations.toLogin')}</p>}
    </AuthFrame>
  );
}

export const RegistrationConfirmPage = () => <AutoConfirmPage kind="registration" />;
export const EmailChangeConfirmPage = () => <AutoConfirmPage kind="email" />;
