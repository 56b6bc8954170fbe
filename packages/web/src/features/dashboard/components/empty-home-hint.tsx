import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { routes } from '../../../lib/devices';
import { useAddHomeOffered } from '../../../lib/home-data';
import { Icon } from '../../../lib/ui/icons';

/**
 * Spec 1 §2 empty dashboard: an add-home hint whose plus is there when any device type can
 * be added (the shared rule of spec 2 §2, as the home list's add button), for an owner's
 * home and a guest's alike, and which opens the add-home wizard.
 */
export function EmptyHomeHint() {
  const { t } = useTranslation();
  const addHomeOffered = useAddHomeOffered();
  return (
    <div className="dashboard-empty" data-testid="dashboard-empty">
      <p>{t('dashboard.emptyHint')}</p>
      {addHomeOffered && (
        <Link
          to={routes.addHome}
          className="dashboard-empty__add"
          aria-label={t('dashboard.addHome')}
        >
          <Icon name="add" />
        </Link>
      )}
    </div>
  );
}
