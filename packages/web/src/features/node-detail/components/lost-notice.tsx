import { useTranslation } from 'react-i18next';
import { Icon } from '../../../lib/ui/icons';

/** Spec 3 §2: a lost node (the gateway no longer hears it) says so; its controls are off. */
export function LostNotice() {
  const { t } = useTranslation();
  return (
    <div className="lost-notice" role="alert" data-testid="node-lost">
      <Icon name="cloudOffline" className="lost-notice__icon" />
      <div>
        <p className="lost-notice__title">{t('nodeDetail.lostTitle')}</p>
        <p className="lost-notice__message">{t('nodeDetail.lostMessage')}</p>
      </div>
    </div>
  );
}
