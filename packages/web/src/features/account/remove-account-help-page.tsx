import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '../../lib/screens';
import './account.css';

/** Remove-account help (spec 1 §2): how to delete the account, then the way there. */
export function RemoveAccountHelpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame
      title={t('account.helpTitle')}
      backLabel={t('accountsShared.back')}
      backTo="/account"
    >
      <div className="remove-help">
        <ol>
          <li>{t('account.helpEmail')}</li>
          <li>{t('account.helpPassword')}</li>
          <li>{t('account.helpConfiguration')}</li>
        </ol>
        <button
          type="button"
          className="hearth-button hearth-button--danger"
          onClick={() => navigate('/account?section=configuration')}
        >
          {t('account.delete')}
        </button>
      </div>
    </PageFrame>
  );
}
