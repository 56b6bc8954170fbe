import { useTranslation } from 'react-i18next';
import { useUserId } from '../../lib/accounts';
import { useBrand } from '../../lib/branding';
import { useHomes } from '../../lib/devices';
import { PageFrame } from '../../lib/screens';
import { useSessionStore } from '../../lib/session/session-store';
import { useHomesGeo } from './api/geo-data';
import { useAcceptPrivacy, usePrivacy } from './api/privacy';
import { PolicyLinks } from './policy-links';

/** Privacy page (spec 1 §2): what the service stores about the user, the contact, the terms box. */
export function PrivacyPage() {
  const { t } = useTranslation();
  const userId = useUserId();
  const email = useSessionStore((s) => s.username);
  const brand = useBrand();
  const homes = useHomes();
  const geo = useHomesGeo(homes.data ?? []);
  const privacy = usePrivacy(userId);
  const accept = useAcceptPrivacy(userId);
  const accepted = privacy.data?.accepted === true;
  return (
    <PageFrame title={t('privacy.title')} backLabel={t('accountsShared.back')}>
      <h2>{t('privacy.yourData')}</h2>
      <p data-testid="privacy-email">{t('privacy.email', { email })}</p>
      <ul className="privacy__homes">
        {(homes.data ?? []).map((home, i) => {
          const g = geo[i]?.data;
          // The position the owner chose on the map, else the one found for the address.
          const at = g?.position ?? g?.coarsePosition;
          if (!g || (!g.city && !at)) return null;
          return (
            <li key={home.id}>
              <strong>{home.name}</strong>
              <br />
              {[g.city, g.zip, g.state, g.country].filter(Boolean).join(', ')}
              <br />
              {t('privacy.coordinates', { lat: at?.latitude ?? '-', lon: at?.longitude ?? '-' })}
            </li>
          );
        })}
      </ul>
      <p>
        {t('privacy.contact')} <a href={`mailto:${brand.support}`}>{brand.support}</a>
      </p>
      <PolicyLinks />
      <label className="hearth-check">
        <input
          type="checkbox"
          checked={accepted}
          disabled={accepted || accept.isPending || !privacy.data}
          onChange={(e) => e.currentTarget.checked && accept.mutate()}
        />
        <span>{t('privacy.checkbox')}</span>
      </label>
      {accepted && privacy.data?.date && (
        <p className="auth-help">
          {t('privacy.acceptedOn', { date: new Date(privacy.data.date).toLocaleDateString() })}
        </p>
      )}
    </PageFrame>
  );
}
