import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SUCCESS_BACK_DELAY_MS, type Language } from '@hearth/protocol';
import { AuthFrame, goBack, useFrontendHost, useLater } from '../../lib/accounts';
import {
  isConflict,
  isRefusal,
  reportError,
  reportErrorMessage,
  useErrorToastStore,
} from '../../lib/http';
import { useRegister } from './api/register';
import { AccessStep, type AccessData } from './access-step';
import { DeviceStep } from './device-step';

const EMPTY: AccessData = { email: '', password: '', repeatedPassword: '' };

/** Registration stepper (spec 1 §2): access data, then the device serial id, then 5 s of success. */
export function RegistrationPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const host = useFrontendHost();
  const { later } = useLater();
  const [step, setStep] = useState<1 | 2 | 'done'>(1);
  const [access, setAccess] = useState<AccessData>(EMPTY);

  const send = (serialid: string) => {
    register.mutate(
      {
        email: access.email.trim(),
        password: access.password,
        serialid,
        lang: i18n.language as Language,
        frontend_host: host,
      },
      {
        onSuccess: () => {
          // The success answers an earlier failure's toast (a 409, a dropped answer): not both.
          useErrorToastStore.getState().dismiss();
          setStep('done');
          later(() => goBack(navigate), SUCCESS_BACK_DELAY_MS);
        },
        // Spec 1 §8: an address already registered (409) is a toast of its own; any other
        // refusal (400) is the global userRequest error (the HTTP layer tells the rest).
        onError: (error) => {
          if (isConflict(error)) reportErrorMessage('errors.alreadyRegistered');
          else if (isRefusal(error)) reportError('userRequest');
        },
      },
    );
  };

  return (
    <AuthFrame title={t('registration.title')} backToLogin>
      <ol className="auth-steps" aria-label={t('registration.title')}>
        <li aria-current={step === 1 ? 'step' : undefined}>{t('registration.step1')}</li>
        <li aria-current={step === 2 ? 'step' : undefined}>{t('registration.step2')}</li>
      </ol>
      {step === 1 && (
        <AccessStep
          initial={access}
          onCancel={() => goBack(navigate)}
          onContinue={(data) => {
            setAccess(data);
            setStep(2);
          }}
        />
      )}
      {step === 2 && (
        <DeviceStep busy={register.isPending} onBack={() => setStep(1)} onSend={send} />
      )}
      {step === 'done' && (
        <p
          role="status"
          className="hearth-message hearth-message--success"
          data-testid="form-success"
        >
          {t('registration.success')}
        </p>
      )}
    </AuthFrame>
  );
}
