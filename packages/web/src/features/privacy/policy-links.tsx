import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useBrand } from '../../lib/branding';

/** Links to the privacy policy and the terms in the user's language. */
export function PolicyLinks() {
  const { t, i18n } = useTranslation();
  const brand = useBrand();
  const site = brand.urlLabel ? `https://${brand.urlLabel}` : '';
  return (
    <p className="auth-help">
      <Link to="/privacy">{t('privacy.policyLink')}</Link> ·{' '}
      <a href={`${site}/${i18n.language}/terms`} target="_blank" rel="noreferrer">
        {t('privacy.termsLink')}
      </a>
    </p>
  );
}
