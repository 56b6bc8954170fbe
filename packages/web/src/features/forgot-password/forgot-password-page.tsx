import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SUCCESS_BACK_DELAY_MS } from '@hearth/protocol';
import {
  AuthFrame,
  currentSerialId,
  emailProblem,
  firstProblem,
  goBack,
  missingFields,
  ProblemLine,
  useFrontendHost,
  useLater,
  type FormProblem,
} from '../../lib/accounts';
import { refusalOf, reportErrorMessage } from '../../lib/http';
import { useForgotPassword } from './api/forgot-password';

/** Forgot password (spec 1 §2): e-mail, Send, Cancel; 5 s of confirmation, then back. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const host = useFrontendHost();
  const { later } = useLater();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [sent, setSent] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = firstProblem(
      () => missingFields([[t('forgotPassword.email'), email]]),
      // Spec 1 §5: only an at-sign is asked for.
      () => emailProblem(email),
    );
    if (found) return setProblem(found);
    forgot.mutate(
      { email: email.trim(), serialid: currentSerialId(), frontend_host: host },
      {
        onSuccess: () => {
          setSent(true);
          later(() => goBack(navigate), SUCCESS_BACK_DELAY_MS);
        },
        // Spec 1 §8: a refusal (bad input, an unknown address, too many mails) is the
        // forgotPassword toast; no answer or a server error is the request toast.
        onError: (error) =>
          reportErrorMessage(
            refusalOf(error).kind === 'request-error' ? 'errors.request' : 'errors.forgotPassword',
          ),
      },
    );
  };

  return (
    <AuthFrame title={t('forgotPassword.title')} backToLogin>
      <form className="auth-form" onSubmit={submit} noValidate>
        <p className="auth-help">{t('forgotPassword.intro')}</p>
        <label>
          <span>{t('forgotPassword.email')}</span>
          <input
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setProblem(null);
              setEmail(e.currentTarget.value);
            }}
          />
        </label>
        <ProblemLine problem={problem} />
        {sent && (
          <p
            role="status"
            className="hearth-message hearth-message--success"
            data-testid="form-success"
          >
            {t('forgotPassword.sent')}
          </p>
        )}
        <div className="auth-actions">
          <button type="submit" disabled={forgot.isPending || sent}>
            {t('forgotPassword.send')}
          </button>
          <button type="button" className="auth-secondary" onClick={() => goBack(navigate)}>
            {t('accountsShared.cancel')}
          </button>
        </div>
      </form>
    </AuthFrame>
  );
}
