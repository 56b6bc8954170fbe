import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidPassword } from '@hearth/protocol';
import {
  AuthFrame,
  firstProblem,
  missingFields,
  newPasswordProblem,
  PasswordInput,
  ProblemLine,
  type FormProblem,
  TermsLink,
} from '../../lib/accounts';
import { reportErrorMessage } from '../../lib/http';
import { OutcomeLine } from './outcome-line';
import { useConfirmation } from './use-confirmation';

/**
 * Password reset and invite confirmation: the user chooses the password here (the server
 * never mails one). The invite also asks for the terms (spec 1 §2, §5).
 */
function PasswordConfirmPage({ kind }: { kind: 'reset' | 'invite' }) {
  const { t } = useTranslation();
  const { user, code, outcome, busy, run } = useConfirmation(kind === 'invite' ? 'userid' : 'user');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [terms, setTerms] = useState(false);
  const [problem, setProblem] = useState<FormProblem | string | null>(null);
  const invite = kind === 'invite';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Spec 1 §5: on the invite, unequal passwords are the errors.password toast and no length
    // rule is shown beyond the help text: a guest who already has an account types the
    // password of that account, which may predate the rule (the server checks a new one).
    if (invite && !terms) return;
    if (invite && password !== repeat) {
      setProblem(null);
      return reportErrorMessage('errors.password');
    }
    const found = firstProblem(
      () =>
        missingFields([
          [t('confirmations.newPassword'), password],
          [t('confirmations.repeatPassword'), repeat],
        ]),
      () => (invite ? null : newPasswordProblem(password, repeat)),
    );
    if (found) return setProblem(found);
    // The server refusing the invite's password leaves the link usable: say why, as far as it
    // can be told, and let the guest try again. A password that fits the rule was refused as
    // not being the one of the account this address already has.
    const refused = () => {
      setProblem(
        isValidPassword(password)
          ? t('confirmations.inviteWrongPassword')
          : { key: 'errors.passwordFormat' },
      );
      return true;
    };
    run({ kind, user, code, password }, invite ? refused : undefined);
  };
  const edit = (set: (v: string) => void) => (v: string) => {
    setProblem(null);
    set(v);
  };
  return (
    <AuthFrame title={invite ? t('confirmations.inviteTitle') : t('confirmations.resetTitle')}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <PasswordInput
          label={t('confirmations.newPassword')}
          autoComplete="new-password"
          value={password}
          onChange={edit(setPassword)}
        />
        <PasswordInput
          label={t('confirmations.repeatPassword')}
          autoComplete="new-password"
          value={repeat}
          onChange={edit(setRepeat)}
        />
        <p className="auth-help">{t('accountsShared.passwordHelp')}</p>
        {invite && (
          <label className="auth-check">
            <input
              type="checkbox"
              checked={terms}
              onChange={(e) => setTerms(e.currentTarget.checked)}
            />
            <span>{t('confirmations.terms')}</span>
          </label>
        )}
        {invite && <TermsLink />}
        <ProblemLine problem={problem} />
        <OutcomeLine
          outcome={outcome}
          success={
            invite ? t('confirmations.inviteSuccess') : t('confirmations.passwordResetSuccess')
          }
          failure={
            invite ? t('confirmations.inviteError') : t('errors.passwordResetConfirmationError')
          }
        />
        <button
          type="submit"
          className="auth-button"
          disabled={busy || outcome !== 'pending' || (invite && !terms)}
        >
          {t('confirmations.continue')}
        </button>
      </form>
    </AuthFrame>
  );
}

export const PasswordResetConfirmPage = () => <PasswordConfirmPage kind="reset" />;
export const InviteConfirmPage = () => <PasswordConfirmPage kind="invite" />;
