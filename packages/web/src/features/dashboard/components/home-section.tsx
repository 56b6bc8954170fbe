import { useTranslation } from 'react-i18next';
import type { GroupedHome } from '@hearth/protocol';
import { DeviceGroup } from './device-group';

/** A home: its name (with the guest label for non-owners) and a group per device. */
export function HomeSection({ home }: { home: GroupedHome }) {
  const { t } = useTranslation();
  const title = home.owner ? home.name : `${home.name} (${t('dashboard.guest')})`;
  return (
    <section
      className="home-section"
      aria-label={title}
      data-testid="home-section"
      data-home-id={home.id}
    >
      <h2 className="home-section__name">{title}</h2>
      {home.devs.map((dev) => (
        <DeviceGroup key={dev.dev_id} dev={dev} />
      ))}
    </section>
  );
}
