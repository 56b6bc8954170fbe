import { useTranslation } from 'react-i18next';
import { FRONTEND_VERSION } from '@hearth/protocol';
import { BUILD_YEAR } from '../../lib/build-year';
import { appConfig } from '../../lib/config';
import { PageFrame } from '../../lib/screens';
import { formatServerVersion, useServerVersion } from './api/version';
import type { AboutTransition } from './transitions';
import './about-page.css';

/** About (spec 1 §2): front-end version, API endpoint and server version. */
export function AboutPage({ transition }: { transition?: AboutTransition }) {
  const { t } = useTranslation();
  const server = useServerVersion();
  const endpoint = appConfig.apiBaseUrl || window.location.origin;
  return (
    <PageFrame title={t('about.title')} backLabel={t('about.back')}>
      <dl
        className={transition ? `about about--${transition}` : 'about'}
        data-transition={transition}
      >
        <dt>{t('about.frontend')}</dt>
        <dd data-testid="about-frontend">{FRONTEND_VERSION}</dd>
        <dt>{t('about.api')}</dt>
        <dd data-testid="about-api">{endpoint}</dd>
        <dt>{t('about.server')}</dt>
        <dd data-testid="about-server">
          {formatServerVersion(server.data, t('about.unknown')) ?? t('about.unknown')}
        </dd>
      </dl>
      <p className="auth-help">{t('about.copyright', { year: BUILD_YEAR })}</p>
    </PageFrame>
  );
}
