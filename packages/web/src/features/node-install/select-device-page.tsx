import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Redirect } from '../../lib/ui/redirect';
import { isWifiHeaterProduct, parseNodeType } from '@hearth/protocol';
import { routes, useHomes } from '../../lib/devices';
import { PageFrame } from '../../lib/screens';
import { installRoutes } from './model/install-routes';
import { wifiHeaterOfferedHere } from './model/wifi-heater-offered';

/**
 * Spec 2 §2: choose the device that gets the node; skipped when there is only one. Only
 * gateways take nodes (a wifi heater is a device of its own), so a home without one says so
 * and offers to add one, or, in the native app, to install a wifi heater.
 */
export function SelectDevicePage({
  wifiHeaterOffered = wifiHeaterOfferedHere(),
}: {
  /** Spec 2 §1: a wifi heater can be installed in the native app only. */
  wifiHeaterOffered?: boolean;
}) {
  const { t } = useTranslation();
  const { homeId = '' } = useParams();
  const [params] = useSearchParams();
  const nodeType = parseNodeType(params.get('nodeType') ?? '') ?? undefined;
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === homeId);
  const devs = (home?.devs ?? []).filter((d) => !isWifiHeaterProduct(d.product_id));
  const only = devs.length === 1 ? devs[0] : undefined;
  if (only) return <Redirect to={installRoutes.selectModel(homeId, only.dev_id, nodeType)} />;
  return (
    <PageFrame title={t('nodeInstall.selectDevice')} backLabel={t('nodeInstall.back')}>
      {/* Spec 2 §8: a link to a home the user does not have (any more) says so. */}
      {homes.isSuccess && !home && <p role="status">{t('nodeInstall.homeNotFound')}</p>}
      {home && devs.length === 0 && (
        <p>
          {t('nodeInstall.noGateway')}{' '}
          <Link to={routes.addDevice(homeId)}>{t('nodeInstall.addGateway')}</Link>
        </p>
      )}
      {/* A wifi heater needs no gateway: the native app installs one in any home. */}
      {home && devs.length === 0 && wifiHeaterOffered && (
        <p>
          <Link to={installRoutes.wifiHeater(homeId)}>{t('nodeInstall.installWifiHeater')}</Link>
        </p>
      )}
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
