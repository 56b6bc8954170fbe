import type { ReactNode } from 'react';
import { IonSpinner } from '@ionic/react';
import { PageFrame } from '../../lib/screens';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { parseNodeType, recordsTitle } from '@hearth/protocol';
import { useDeviceStates, type DeviceState } from '../../lib/devices';
import { needsOwnMessage } from '../../lib/http';
import { useHomesData, type RecordsNode } from './api/records-api';
import { RecordsView } from './records-view';
import './records.css';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('records.title')}
      backLabel={t('records.back')}
      backText={t('records.back')}
    >
      <h1 className="records__title" data-testid="records-title">
        {title}
      </h1>
      {children}
    </PageFrame>
  );
}

function tzOf(data: DeviceState | undefined): string | undefined {
  const tz = data?.geo_data?.tz_code;
  return typeof tz === 'string' ? tz : undefined;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status">
      <IonSpinner aria-hidden="true" /> <span>{t('records.loading')}</span>
    </p>
  );
}

/** A device's data that did not load; the error toast has said so unless it was left to the page. */
function LoadFailed({ title, error }: { title: string; error: unknown }) {
  const { t } = useTranslation();
  return (
    <Frame title={title}>
      {needsOwnMessage(error) && <p role="alert">{t('records.loadFailed')}</p>}
    </Frame>
  );
}

/** Spec 3 §2: …/{nodeType}/{addr}/records?day&month&year, one node. */
export function NodeRecordsPage() {
  const { t } = useTranslation();
  const { homeId, devId = '', nodeType = '', addr = '' } = useParams();
  const homes = useHomesData();
  const home = homes.data?.find((h) => h.id === homeId);
  // Only a device of the home is read: another answers "Dev not found", not an error toast.
  const known = home?.devs.some((d) => d.dev_id === devId) === true;
  const [devData] = useDeviceStates(known ? [devId] : []);
  const type = parseNodeType(nodeType);
  const node = devData?.data?.nodes.find((n) => n.type === type && n.addr === Number(addr));
  const title = recordsTitle(home?.name ?? '', node?.name);
  if (homes.isPending || devData?.isPending)
    return (
      <Frame title={title}>
        <Loading />
      </Frame>
    );
  // Spec 3 §8: the device's data did not load: a data-update error, not a missing node.
  if (home && devData?.isError) return <LoadFailed title={title} error={devData.error} />;
  if (!home || !node || !type) {
    // Spec 3 §8 missing lookups: the home, then its device, then the node.
    const missing = !home ? 'homeNotFound' : known ? 'notFound' : 'devNotFound';
    return (
      <Frame title={title}>
        <p role="status">{t(`records.${missing}`)}</p>
      </Frame>
    );
  }
  const nodes: RecordsNode[] = [{ devId, type, addr: node.addr, name: node.name }];
  return (
    <Frame title={title}>
      <RecordsView
        title={title}
        homeId={home.id}
        nodes={nodes}
        timeZone={tzOf(devData?.data)}
        withTemperature={type !== 'pmo'}
      />
    </Frame>
  );
}

/** Spec 3 §2: /homes/{homeId}/system/{nodeType}/records, every installed node of the type. */
export function HomeRecordsPage() {
  const { t } = useTranslation();
  const { homeId, nodeType = '' } = useParams();
  const homes = useHomesData();
  const home = homes.data?.find((h) => h.id === homeId);
  const devIds = home?.devs.map((d) => d.dev_id) ?? [];
  const devDatas = useDeviceStates(devIds);
  const type = parseNodeType(nodeType);
  const nodes: RecordsNode[] = devIds.flatMap((devId, i) =>
    (devDatas[i]?.data?.nodes ?? [])
      .filter((n) => n.type === type && n.installed)
      .map((n) => ({ devId, type: n.type, addr: n.addr, name: n.name })),
  );
  // Spec 3 §2: the node's name follows the home's when a single node is shown.
  const title = recordsTitle(home?.name ?? '', nodes.length === 1 ? nodes[0]?.name : undefined);
  if (homes.isPending || devDatas.some((q) => q.isPending))
    return (
      <Frame title={title}>
        <Loading />
      </Frame>
    );
  // A device whose data did not load: its nodes are missing, not absent (the others still show).
  const failed = devDatas.find((q) => q.isError);
  if (home && failed && nodes.length === 0)
    return <LoadFailed title={title} error={failed.error} />;
  if (!home || !type || nodes.length === 0)
    return (
      <Frame title={title}>
        <p role="status">{t(home ? 'records.noNodes' : 'records.homeNotFound')}</p>
      </Frame>
    );
  return (
    <Frame title={title}>
      <RecordsView
        title={title}
        homeId={home.id}
        nodes={nodes}
        timeZone={tzOf(devDatas.find((q) => q.data)?.data)}
        withTemperature={type !== 'pmo'}
      />
    </Frame>
  );
}
