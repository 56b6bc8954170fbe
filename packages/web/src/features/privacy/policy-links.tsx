import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * Links to the privacy policy and the terms, both pages of the app in the user's language.
 * The terms open beside the app: the privacy dialog that shows these links cannot be left.
 */
export function PolicyLinks() {
  const { t } = useTranslation();
  return (
    <p className="auth-help">
      <Link to="/privacy">{t('privacy.policyLink')}</Link> ·{' '}
      <a href="/terms" target="_blank" rel="noreferrer" data-testid="policy-terms-link">
        {t('privacy.termsLink')}
      </a>
    </p>
  );
}
