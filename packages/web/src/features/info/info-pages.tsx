import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../lib/screens';
import './info-pages.css';

/** The help topics, in the order they are shown (keys of info.topics). */
export const HELP_TOPICS = [
  'homes',
  'temperature',
  'schedule',
  'boost',
  'power',
  'guests',
] as const;
/** The sections of the terms of use (keys of info.terms). */
export const TERMS_SECTIONS = ['service', 'account', 'use', 'data', 'changes'] as const;

/** The help page of the side panel: the common questions, each opening its answer. */
export function HelpPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('info.helpTitle')} backLabel={t('info.back')}>
      <p>{t('info.helpIntro')}</p>
      <div className="info-topics" data-testid="help-topics">
        {HELP_TOPICS.map((topic) => (
          <details key={topic} className="info-topic">
            <summary>{t(`info.topics.${topic}.question`)}</summary>
            <p>{t(`info.topics.${topic}.answer`)}</p>
          </details>
        ))}
      </div>
    </PageFrame>
  );
}

/** The terms of use the registration, invite and privacy screens link to. */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('info.termsTitle')} backLabel={t('info.back')}>
      <p>{t('info.termsIntro')}</p>
      {TERMS_SECTIONS.map((section) => (
        <section key={section} className="info-section">
          <h2>{t(`info.terms.${section}.heading`)}</h2>
          <p>{t(`info.terms.${section}.body`)}</p>
        </section>
      ))}
    </PageFrame>
  );
}
