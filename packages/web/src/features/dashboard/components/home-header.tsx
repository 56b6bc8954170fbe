import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { GroupedHome } from '@hearth/protocol';
import { routes, useHomeClock } from '../../../lib/devices';
import { Icon } from '../../../lib/ui/icons';
import { usePresenceConfig } from '../api/presence-config';

interface HomeHeaderProps {
  home: GroupedHome;
  connected: boolean;
  away: boolean;
  timeZone: string | undefined;
}

/** The guest suffix of spec 3 §1: the name followed by a lowercase guest label. */
export function homeTitle(home: GroupedHome, guestLabel: string): string {
  return home.owner ? home.name : `${home.name} (${guestLabel.toLocaleLowerCase()})`;
}

/** Spec 1 §2 home header: title, away and quiet-home flags, clock or disconnected message. */
export function HomeHeader({ home, connected, away, timeZone }: HomeHeaderProps) {
  const { t, i18n } = useTranslation();
  const clock = useHomeClock(i18n.language, timeZone);
  const presence = usePresenceConfig(home.id);
  const title = homeTitle(home, t('dashboard.guest'));
  const heading = <h2 className="home-header__name">{title}</h2>;

  return (
    <header className="home-header" data-testid="home-header">
      <div className="home-header__title">
        {connected ? (
          <Link
            to={routes.homeConfig(home.id)}
            aria-label={t('dashboard.homeConfigOf', { name: title })}
          >
            {heading}
          </Link>
        ) : (
          heading
        )}
        {away && <Icon name="airplane" label={t('dashboard.away')} data-testid="home-away" />}
        {presence.data?.enabled === true && (
          <Icon name="notifications" label={t('dashboard.quietHome')} data-testid="home-quiet" />
        )}
      </div>
      {connected ? (
        <p className="home-header__clock" data-testid="home-clock">
          {clock}
        </p>
      ) : (
        <p
          className="home-header__clock home-header__clock--off"
          role="status"
          data-testid="home-disconnected"
        >
          {t('dashboard.deviceDisconnected')}
        </p>
      )}
    </header>
  );
}
