import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Redirect } from '../../lib/ui/redirect';
import { parseNodeType } from '@hearth/protocol';
import { useHomes } from '../../lib/devices';
import { PageFrame } from '../../lib/screens';
import { installRoutes } from './model/install-routes';

/**
 * Spec 2 §2: choose among the home's devices (wifi heaters included, so a home made only of wifi
 * heaters still has a choice); skipped when the home has only one device.
 */
export function SelectDevicePage() {
  const { t } = useTranslation();
  const { homeId = '' } = useParams();
  const [params] = useSearchParams();
  const nodeType = parseNodeType(params.get('nodeType') ?? '') ?? undefined;
  const home = useHomes().data?.find((h) => h.id === homeId);
  const devs = home?.devs ?? [];
  const only = devs.length === 1 ? devs[0] : undefined;
  if (only) return <Redirect to={installRoutes.selectModel(homeId, only.dev_id, nodeType)} />;
  return (
    <PageFrame title={t('nodeInstall.selectDevice')} backLabel={t('nodeInstall.back')}>
      <ul className="node-install-list">
        {devs.map((d) => (
          <li key={d.dev_id}>
            <Link to={installRoutes.selectModel(homeId, d.dev_id, nodeType)}>{d.name}</Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
