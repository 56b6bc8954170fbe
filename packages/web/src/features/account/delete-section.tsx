import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PasswordInput, useUserId } from '../../lib/accounts';
import { useSessionStore } from '../../lib/session/session-store';
import { Dialog } from '../../lib/ui/dialog';
import { isBadInput, reportErrorMessage } from '../../lib/http';
import { useDeleteAccount } from './api/account';

/** Configuration section: delete the account after confirming with the password. */
export function DeleteSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteAccount(useUserId());
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const confirm = () =>
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          setOpen(false);
          useSessionStore.getState().clear();
          navigate('/login', { replace: true });
        },
        // Spec 1 §8: a refused deletion (400: wrong password) closes the modal silently; any
        // other failure also tells that the request could not be sent.
        onError: (error) => {
          setOpen(false);
          if (!isBadInput(error)) reportErrorMessage('errors.request');
        },
      },
    );
  return (
    <section aria-label={t('account.configurationSection')}>
      <p>{t('account.deleteText')}</p>
      <p>
        <Link to="/removeAccountHelp">{t('account.deleteHelp')}</Link>
      </p>
      <button
        type="button"
        className="hearth-button hearth-button--danger"
        onClick={() => {
          setPassword('');
          setOpen(true);
        }}
      >
        {t('account.delete')}
      </button>
      {open && (
        <Dialog
          title={t('account.deleteTitle')}
          onClose={() => setOpen(false)}
          testId="delete-dialog"
          actions={
            <div className="auth-actions">
              <button type="button" className="hearth-button" onClick={() => setOpen(false)}>
                {t('accountsShared.cancel')}
              </button>
              <button
                type="button"
                className="hearth-button hearth-button--danger"
                disabled={password === '' || remove.isPending}
                onClick={confirm}
              >
                {t('account.deleteConfirm')}
              </button>
            </div>
          }
        >
          <p>{t('account.deleteWarning')}</p>
          <div className="auth-form">
            <PasswordInput
              label={t('account.password')}
              autoComplete="current-password"
              capped={false}
              value={password}
              onChange={setPassword}
            />
          </div>
        </Dialog>
      )}
    </section>
  );
}
