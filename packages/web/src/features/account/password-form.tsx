import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  firstProblem,
  missingFields,
  newPasswordProblem,
  PasswordInput,
  ProblemLine,
  useUserId,
  type FormProblem,
} from '../../lib/accounts';
import { isBadInput, reportErrorMessage } from '../../lib/http';
import { useChangePassword } from './api/account';

/** Change password: current, new and repeat; the new one follows the registration rule. */
export function PasswordForm({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation();
  const change = useChangePassword(useUserId());
  const [form, setForm] = useState({ password: '', newPassword: '', repeatedNewPassword: '' });
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const field = (key: keyof typeof form) => (value: string) => {
    setProblem(null);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = firstProblem(
      () =>
        missingFields([
          [t('account.currentPassword'), form.password],
          [t('account.newPassword'), form.newPassword],
          [t('account.repeatPassword'), form.repeatedNewPassword],
        ]),
      () => newPasswordProblem(form.newPassword, form.repeatedNewPassword),
    );
    if (found) return setProblem(found);
    change.mutate(
      { password: form.password, new_password: form.newPassword },
      {
        onSuccess: () => onDone(t('account.passwordChanged')),
        // Spec 1 §8: a refusal (400: wrong password, bad input) is the changePassword toast; any other
        // failure the request toast.
        onError: (error) =>
          reportErrorMessage(isBadInput(error) ? 'errors.changePassword' : 'errors.request'),
      },
    );
  };
  return (
    <form
      className="auth-form"
      onSubmit={submit}
      noValidate
      aria-label={t('account.passwordSection')}
    >
      <PasswordInput
        label={t('account.currentPassword')}
        autoComplete="current-password"
        capped={false}
        value={form.password}
        onChange={field('password')}
      />
      <PasswordInput
        label={t('account.newPassword')}
        autoComplete="new-password"
        value={form.newPassword}
        onChange={field('newPassword')}
      />
      <PasswordInput
        label={t('account.repeatPassword')}
        autoComplete="new-password"
        value={form.repeatedNewPassword}
        onChange={field('repeatedNewPassword')}
      />
      <p className="auth-help">{t('accountsShared.passwordHelp')}</p>
      <ProblemLine problem={problem} />
      <button type="submit" className="auth-button" disabled={change.isPending}>
        {t('account.savePassword')}
      </button>
    </form>
  );
}
