import { useTranslation } from 'react-i18next';

/** The terms of use, opened beside the form so nothing typed is lost. */
export function TermsLink() {
  const { t } = useTranslation();
  return (
    <a
      className="auth-help"
      href="/terms"
      target="_blank"
      rel="noreferrer"
      data-testid="terms-link"
    >
      {t('accountsShared.readTerms')}
    </a>
  );
}
