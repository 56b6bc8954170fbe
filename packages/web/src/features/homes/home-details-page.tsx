import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { Redirect } from '../../lib/ui/redirect';
import { useHomes } from '../../lib/devices';
import { PageFrame } from '../../lib/screens';
import { HOME_OPTIONS, homeRoutes, optionsFor, type HomeOption } from './model/home-routes';
import { DevicesTab } from './components/devices-tab';
import { HomeDataTab } from './components/home-data-tab';
import { GeolocationTab } from './components/geolocation-tab';
import './homes.css';
import { useCapabilities } from '../../lib/client-data';

function isOption(value: string | undefined): value is HomeOption {
  return (HOME_OPTIONS as readonly string[]).includes(value ?? '');
}

/**
 * The sharing screens, composed in by the app (docs/sharing.md): the guests tab with roles and
 * scopes, and the member's own access on the home data tab. The app always gives them; without
 * them (a test of another tab) those places stay empty.
 */
export interface HomeSharingSlots {
  guests: (props: { homeId: string }) => ReactNode;
  access: (props: { homeId: string; owner: boolean }) => ReactNode;
}

/** Spec 2 §2 "Home details": a carousel of devices, guests, data and geolocation. */
export function HomeDetailsPage({ sharing }: { sharing?: HomeSharingSlots }) {
  const { t } = useTranslation();
  const { homeId = '', option } = useParams();
  const { search } = useLocation();
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === homeId);
  const capabilities = useCapabilities();
  // Spec 2 §8: a link to a home the user does not have (any more) says so. A redirect would
  // also fire from this page kept mounted below the next one (a home whose last device the user
  // just deleted), pulling them off the dashboard.
  if (homes.isSuccess && !home)
    return (
      <PageFrame title={t('homes.title')} backLabel={t('homes.back')} backTo={homeRoutes.list}>
        <p role="status">{t('homes.homeNotFound')}</p>
      </PageFrame>
    );
  if (!home) return null;
  const options = optionsFor(home.owner, capabilities);
  // Spec 2 §6: a guest sent to an owner-only tab lands on the home data.
  if (!isOption(option) || !options.includes(option))
    return <Redirect to={homeRoutes.details(homeId, 'data') + search} />;

  const title = home.owner ? home.name : `${home.name} (${t('homes.guest')})`;
  return (
    <PageFrame title={title} backLabel={t('homes.back')} backTo={homeRoutes.list}>
      <nav className="home-carousel" aria-label={t('homes.details.options')}>
        {options.map((o) => (
          <Link
            key={o}
            to={homeRoutes.details(homeId, o) + search}
            replace
            aria-current={o === option ? 'page' : undefined}
          >
            {t(`homes.details.${o}`)}
          </Link>
        ))}
      </nav>
      {option === 'data' && sharing?.access({ homeId, owner: home.owner })}
      {option === 'devices' && <DevicesTab home={home} />}
      {option === 'guests' && sharing?.guests({ homeId })}
      {option === 'data' && <HomeDataTab home={home} />}
      {option === 'geolocation' && <GeolocationTab homeId={homeId} owner={home.owner} />}
    </PageFrame>
  );
}
