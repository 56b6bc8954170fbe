import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBadInput } from '../../lib/http';
import { MessageLine, useTimedMessage } from '../../lib/screens';
import { linkAccount, type Cloud, type CloudAccount } from './cloud-link-api';

interface Props {
  clouds: Cloud[];
  /** A signed-out account: its cloud and e-mail are given, only the password is asked. */
  again?: { cloud: string; email: string };
  onLinked: (account: CloudAccount) => void;
}

/** Choose the cloud, give the account's e-mail and password: Hearth signs in there first. */
export function LinkAccountForm({ clouds, again, onLinked }: Props) {
  const { t } = useTranslation();
  const msg = useTimedMessage();
  const [cloud, setCloud] = useState(again?.cloud ?? clouds[0]?.name ?? '');
  const [email, setEmail] = useState(again?.email ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const first = clouds[0]?.name;
  useEffect(() => {
    if (cloud === '' && first !== undefined) setCloud(first);
  }, [cloud, first]);
  const id = again ? `again-${again.cloud}-${again.email}` : 'link';
  const submit = async () => {
    msg.clear();
    setBusy(true);
    try {
      const account = await linkAccount({ cloud, email: email.trim(), password });
      setPassword('');
      onLinked(account);
    } catch (err) {
      // A refused e-mail or password is this form's to say; an unreachable cloud or too many
      // attempts are told by the app's error toast.
      if (isBadInput(err)) msg.error(t('cloudLink.form.refused'));
      else if (!(err instanceof Error)) throw err;
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="hearth-form cloud-link__form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {!again && (
        <>
          <label htmlFor={`${id}-cloud`}>{t('cloudLink.form.cloud')}</label>
          <select id={`${id}-cloud`} value={cloud} onChange={(e) => setCloud(e.target.value)}>
            {clouds.map((c) => (
              <option key={c.name} value={c.name}>
                {c.label}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-email`}>{t('cloudLink.form.email')}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(e) => {
              msg.clear();
              setEmail(e.target.value);
            }}
          />
        </>
      )}
      <label htmlFor={`${id}-password`}>{t('cloudLink.form.password')}</label>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete="off"
        required
        value={password}
        onChange={(e) => {
          msg.clear();
          setPassword(e.target.value);
        }}
      />
      <p className="cloud-link__note">{t('cloudLink.form.note')}</p>
      <MessageLine message={msg.message} />
      <button
        type="submit"
        className="auth-button"
        disabled={busy || cloud === '' || email.trim() === '' || password === ''}
      >
        {again ? t('cloudLink.form.signInAgain') : t('cloudLink.form.link')}
      </button>
    </form>
  );
}
