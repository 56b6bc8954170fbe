import { useState } from 'react';
import { IonButton, IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { parseNodeType } from '@hearth/protocol';
import { DeviceSockets, nodeKey, routes, useHomes } from '../../lib/devices';
import { PageFrame } from '../../lib/screens';
import { PmoNameModal } from './components/pmo-name-modal';
import { useInstallTarget } from './use-install-target';
import { useDiscovery } from './use-discovery';
import './node-install.css';

/** Spec 2 §2 discovery: spinner, found counter, Done; the power-monitor modal after a find. */
export function DiscoveryPage() {
  const { t } = useTranslation();
  const { homeId = '', devId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const type = parseNodeType(params.get('nodeType') ?? '') ?? 'htr';
  const addrParam = params.get('addr');
  const addr = addrParam !== null && /^\d+$/.test(addrParam) ? Number(addrParam) : undefined;
  // A link to a home or device the user does not have (any more) says so, and starts nothing.
  const homes = useHomes();
  const { home, missing } = useInstallTarget(homeId, devId);
  const known = home?.devs.some((d) => d.dev_id === devId) ?? false;
  const { phase, failureTold, found, stop, device } = useDiscovery(home, devId, type, addr, known);
  const [named, setNamed] = useState<Set<string>>(new Set());
  const pmoToName = found.find((n) => n.type === 'pmo' && !named.has(nodeKey(n)));
  const homeIndex = Math.max(0, homes.data?.findIndex((h) => h.id === homeId) ?? 0);

  const done = async () => {
    await stop();
    navigate(routes.dashboard(homeIndex), { replace: true });
  };

  if (missing)
    return (
      <PageFrame title={t('nodeInstall.discovery')} backLabel={t('nodeInstall.back')}>
        <p role="status">{missing}</p>
      </PageFrame>
    );

  return (
    <PageFrame
      title={t('nodeInstall.discovery')}
      backLabel={t('nodeInstall.back')}
      footer={
        <div className="hearth-actions">
          <IonButton onClick={() => void done()}>{t('nodeInstall.done')}</IonButton>
        </div>
      }
    >
      <DeviceSockets devIds={[devId]} />
      <section className="discovery" aria-live="polite">
        {(phase === 'starting' || phase === 'active') && (
          <p role="status">
            <IonSpinner aria-hidden="true" /> <span>{t('nodeInstall.searching')}</span>
          </p>
        )}
        {phase === 'ended' && <p role="status">{t('nodeInstall.finished')}</p>}
        {phase === 'failed' && !failureTold && (
          <p role="alert">{t('nodeInstall.errors.userRequest')}</p>
        )}
        <p className="discovery__count">
          {t('nodeInstall.found')}: <strong data-testid="discovered-count">{found.length}</strong>
        </p>
        <ul>
          {found.map((n) => (
            <li key={nodeKey(n)}>{n.name || `${n.type} ${n.addr}`}</li>
          ))}
        </ul>
      </section>
      {pmoToName && device && (
        <PmoNameModal
          devId={devId}
          node={pmoToName}
          device={device}
          onClose={() => setNamed((s) => new Set(s).add(nodeKey(pmoToName)))}
        />
      )}
    </PageFrame>
  );
}
