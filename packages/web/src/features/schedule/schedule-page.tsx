import { IonSpinner } from '@ionic/react';
import { PageFrame, ReadFailedLine } from '../../lib/screens';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { isHeaterType, parseNodeType, recordsTitle } from '@hearth/protocol';
import { useDeviceStates } from '../../lib/devices';
import { useHomesData } from './api/schedule-api';
import { findNodes, parseTargets, targetsParam, type ScheduleTarget } from './model/schedule-model';
import { ScheduleEmpty } from './components/schedule-empty';
import { ScheduleEditor } from './schedule-editor';
import './schedule.css';

/** One node from the route, or several from the query ("nodes=devId.type.addr,…"). */
function useTargets(): ScheduleTarget[] {
  const params = useParams();
  const [search] = useSearchParams();
  const type = parseNodeType(params.nodeType ?? '');
  const addr = Number(params.addr);
  if (params.devId && type && isHeaterType(type) && Number.isInteger(addr))
    return [{ devId: params.devId, type, addr }];
  return parseTargets(search.get('nodes'));
}

export function SchedulePage() {
  const { t } = useTranslation();
  const { homeId } = useParams();
  const targets = useTargets();
  const homes = useHomesData();
  const home = homes.data?.find((h) => h.id === homeId);
  // The home's schedule with no heaters named (/homes/{homeId}/schedule alone): its devices are
  // read to tell a home with nothing to schedule from one whose heaters were not chosen.
  const wholeHome = targets.length === 0;
  const targetDevIds = wholeHome
    ? (home?.devs.map((d) => d.dev_id) ?? [])
    : [...new Set(targets.map((x) => x.devId))];
  // Only devices of the home are read: another answers "Dev not found", not an error toast.
  const devIds = targetDevIds.filter((id) => home?.devs.some((d) => d.dev_id === id) === true);
  const devDatas = useDeviceStates(devIds);
  const loading = homes.isPending || devDatas.some((q) => q.isPending);
  const nodes = findNodes(targets, (id) => devDatas[devIds.indexOf(id)]?.data);
  const timeZone = devDatas.find((q) => q.data)?.data?.geo_data?.tz_code;
  // Spec 3 §8: a device whose data did not load is a data-update error, not a missing node;
  // no editor then, so that a save cannot leave out the nodes that were not read.
  const failed = devDatas.find((q) => q.isError);
  // Spec 3 §8 missing lookups: the home, then a device of it, then the node.
  let missing: 'homeNotFound' | 'devNotFound' | 'notFound' | undefined;
  if (homes.isSuccess && !home) missing = 'homeNotFound';
  else if (home && devIds.length < targetDevIds.length) missing = 'devNotFound';
  else if (!wholeHome && !loading && !failed && nodes.length === 0) missing = 'notFound';
  const empty = wholeHome && home !== undefined && !loading && !failed;
  const hasHeaters = devDatas.some((q) => q.data?.nodes.some((n) => isHeaterType(n.type)));
  const title =
    nodes.length === 1
      ? recordsTitle(home?.name ?? '', nodes[0]?.node.name)
      : `${home?.name ?? ''}`;

  return (
    <PageFrame
      title={t('schedule.title')}
      backLabel={t('schedule.back')}
      backText={t('schedule.back')}
    >
      <h1 className="schedule__heading">{title}</h1>
      {loading && !missing && (
        <p role="status">
          <IonSpinner aria-hidden="true" /> <span>{t('schedule.loading')}</span>
        </p>
      )}
      {missing && <p role="status">{t(`schedule.${missing}`)}</p>}
      {empty && !missing && (
        <ScheduleEmpty
          homeId={home.id}
          homeName={home.name}
          homeIndex={Math.max(0, homes.data?.indexOf(home) ?? 0)}
          hasHeaters={hasHeaters}
          owner={home.owner}
        />
      )}
      {!loading && !missing && failed && <ReadFailedLine error={failed.error} />}
      {!loading && !missing && !failed && nodes.length > 0 && (
        <ScheduleEditor
          // Another node or selection is another draft.
          key={targetsParam(targets)}
          nodes={nodes}
          timeZone={typeof timeZone === 'string' ? timeZone : undefined}
          owner={home?.owner === true}
        />
      )}
    </PageFrame>
  );
}
