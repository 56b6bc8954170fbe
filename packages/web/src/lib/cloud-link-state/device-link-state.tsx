import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDeviceLink, type DeviceLink } from './device-link';
import './device-link-state.css';

function when(at: Date, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** "Linked from <cloud>" and the link's state, for a device and its owner's screens. */
export function DeviceLinkLine({ link }: { link: DeviceLink }) {
  const { t, i18n } = useTranslation();
  const bad = link.state !== 'connected';
  return (
    <p className="device-link-state" data-testid="device-link-state" data-state={link.state}>
      <span className="device-link-state__from">
        {t('cloudLink.device.linkedFrom', { cloud: link.cloud })}
      </span>{' '}
      <span className={bad ? 'device-link-state__bad' : 'device-link-state__ok'}>
        {t(`cloudLink.device.state.${link.state}`)}
        {link.staleSince !== null &&
          ` · ${t('cloudLink.device.staleSince', { when: when(link.staleSince, i18n.language) })}`}
      </span>
      {link.state === 'needs-password' && (
        <>
          {' '}
          <Link to="/cloud-links">{t('cloudLink.device.enterPassword')}</Link>
        </>
      )}
    </p>
  );
}

/** The link line of a device, or nothing for a device not linked from a cloud. */
export function DeviceLinkState({ devId }: { devId: string }) {
  const link = useDeviceLink(devId);
  return link ? <DeviceLinkLine link={link} /> : null;
}
