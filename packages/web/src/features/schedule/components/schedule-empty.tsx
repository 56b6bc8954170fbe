import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { routes } from '../../../lib/devices';
import { Icon } from '../../../lib/ui/icons';

/**
 * The home's schedule (/homes/{homeId}/schedule) when there is nothing to edit yet, said as the
 * dashboard says an empty home: a hint and its way on. A home with no heaters offers its owner
 * to add devices (node installation, as the dashboard's Add devices); a home with heaters but
 * none chosen sends the user to the dashboard, where the heaters are chosen.
 */
export function ScheduleEmpty({
  homeName,
  homeIndex,
  hasHeaters,
  owner,
  homeId,
}: {
  homeName: string;
  homeIndex: number;
  hasHeaters: boolean;
  owner: boolean;
  homeId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="schedule__empty" role="status" data-testid="schedule-empty">
      {hasHeaters ? (
        <>
          <p>{t('schedule.noneChosen')}</p>
          <Link className="hearth-button" to={routes.dashboard(homeIndex)}>
            {t('schedule.toDashboard')}
          </Link>
        </>
      ) : (
        <>
          <p>{t('schedule.noHeaters', { home: homeName })}</p>
          {owner && (
            <Link className="hearth-button hearth-button--primary" to={routes.addNode(homeId)}>
              <Icon name="add" />
              <span>{t('schedule.addDevices')}</span>
            </Link>
          )}
        </>
      )}
    </div>
  );
}
