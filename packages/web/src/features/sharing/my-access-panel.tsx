import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMyAccess } from '../../lib/sharing';
import { scopeLines } from './model/scope-words';
import { useRooms } from './model/use-rooms';
import { sharingRoutes } from './routes';
import './sharing.css';

/**
 * "My access" (docs/sharing.md): what the signed-in person may do in this home, in words, and
 * for the owner and residents the way to the home's activity log.
 */
export function MyAccessPanel({ homeId, owner }: { homeId: string; owner: boolean }) {
  const { t, i18n } = useTranslation();
  const access = useMyAccess(homeId, owner);
  const { name } = useRooms(homeId);
  const role = owner ? 'owner' : access.data?.role;
  const activity = role === 'owner' || role === 'resident';
  return (
    <section className="sharing-access" aria-labelledby="sharing-access-heading">
      <h2 id="sharing-access-heading">{t('sharing.access.heading')}</h2>
      {access.isError && !owner && <p role="status">{t('sharing.access.loadFailed')}</p>}
      {role && <p data-testid="my-access-role">{t(`sharing.access.${role}`)}</p>}
      {role === 'guest' && access.data && (
        <>
          {access.data.problem && !access.data.active && (
            <p role="alert" className="sharing-problem">
              {t(`sharing.problems.${access.data.problem}`)}
            </p>
          )}
          <ul className="sharing-lines" aria-label={t('sharing.access.heading')}>
            {scopeLines(access.data.scope, t, i18n.language, name).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      {activity && (
        <Link className="sharing-activity-link" to={sharingRoutes.activity(homeId)}>
          {t('sharing.activity.open')}
        </Link>
      )}
    </section>
  );
}
