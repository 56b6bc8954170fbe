import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentSerialId,
  emailProblem,
  firstProblem,
  missingFields,
  PasswordInput,
  ProblemLine,
  useFrontendHost,
  useUserId,
  type FormProblem,
} from '../../lib/accounts';
import { isRefusal, reportErrorMessage } from '../../lib/http';
import { useChangeEmail } from './api/account';

/** Change e-mail: new address and password; the new address gets a confirmation link. */
export function EmailForm({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const change = useChangeEmail(useUserId());
  const host = useFrontendHost();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = firstProblem(
      () =>
        missingFields([
          [t('account.newEmail'), newEmail],
          [t('account.password'), password],
        ]),
      // Spec 1 §5: only an at-sign is asked for.
      () => emailProblem(newEmail),
    );
    if (found) return setProblem(found);
    change.mutate(
      {
        new_email: newEmail.trim(),
        password,
        serialid: currentSerialId(),
        frontend_host: host,
      },
      {
        onSuccess: () => onDone(t('account.emailSent')),
        // Spec 1 §8: a refusal (400: wrong password, bad input; 409: the new address already
        // has an account) is the changeEmail toast; any other failure the request toast.
        onError: (error) =>
          reportErrorMessage(isRefusal(error) ? 'errors.changeEmail' : 'errors.request'),
      },
    );
  };
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('account.emailSection')}>
      <label>
        <span>{t('account.newEmail')}</span>
        <input
          type="email"
          autoComplete="email"
          value={newEmail}
          onChange={(e) => {
            setProblem(null);
            setNewEmail(e.currentTarget.value);
          }}
        />
      </label>
      <PasswordInput
        label={t('account.password')}
        autoComplete="current-password"
        capped={false}
        value={password}
        onChange={(v) => {
          setProblem(null);
          setPassword(v);
        }}
      />
      <ProblemLine problem={problem} />
      <button type="submit" className="auth-button" disabled={change.isPending}>
        {t('account.saveEmail')}
      </button>
    </form>
  );
}
