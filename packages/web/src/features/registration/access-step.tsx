import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  emailProblem,
  firstProblem,
  missingFields,
  newPasswordProblem,
  PasswordInput,
  ProblemLine,
  type FormProblem,
  TermsLink,
} from '../../lib/accounts';

export interface AccessData {
  email: string;
  password: string;
  repeatedPassword: string;
}

interface Props {
  initial: AccessData;
  onContinue: (data: AccessData) => void;
  onCancel: () => void;
}

/** Step 1: user access data (spec 1 §2, §5). Terms start unticked every time the step opens. */
export function AccessStep({ initial, onContinue, onCancel }: Props) {
  const { t } = useTranslation();
  const [data, setData] = useState(initial);
  const [terms, setTerms] = useState(false);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const change = (patch: Partial<AccessData>) => {
    setProblem(null);
    setData((d) => ({ ...d, ...patch }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = firstProblem(
      () =>
        missingFields([
          [t('registration.email'), data.email],
          [t('registration.password'), data.password],
          [t('registration.repeatPassword'), data.repeatedPassword],
        ]),
      // Spec 1 §5: only an at-sign is asked for.
      () => emailProblem(data.email),
      () => newPasswordProblem(data.password, data.repeatedPassword),
    );
    if (found) setProblem(found);
    else if (terms) onContinue(data);
  };
  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-label={t('registration.step1')}>
      <h2 className="auth-help">{t('registration.step1')}</h2>
      <label>
        <span>{t('registration.email')}</span>
        <input
          type="email"
          autoComplete="email"
          value={data.email}
          onChange={(e) => change({ email: e.currentTarget.value })}
        />
      </label>
      <PasswordInput
        label={t('registration.password')}
        autoComplete="new-password"
        value={data.password}
        onChange={(password) => change({ password })}
      />
      <PasswordInput
        label={t('registration.repeatPassword')}
        autoComplete="new-password"
        value={data.repeatedPassword}
        onChange={(repeatedPassword) => change({ repeatedPassword })}
      />
      <p className="auth-help">{t('accountsShared.passwordHelp')}</p>
      <label className="auth-check">
        <input
          type="checkbox"
          checked={terms}
          onChange={(e) => setTerms(e.currentTarget.checked)}
        />
        <span>{t('registration.terms')}</span>
      </label>
      <TermsLink />
      <ProblemLine problem={problem} />
      <div className="auth-actions">
        <button type="submit" disabled={!terms}>
          {t('registration.continue')}
        </button>
        <button type="button" className="auth-secondary" onClick={onCancel}>
          {t('accountsShared.cancel')}
        </button>
      </div>
    </form>
  );
}
