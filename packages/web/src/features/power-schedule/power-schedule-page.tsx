import { IonSpinner } from '@ionic/react';
import { PageFrame, ReadFailedLine } from '../../lib/screens';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAdminMode } from '../../lib/session/admin-mode';
import { useDeviceStates } from '../../lib/devices';
import { useExtraData, useHomesData } from './api/power-api';
import { initialPowerState, powerTargets } from './model/power-model';
import { PowerEditor } from './power-editor';
import './power-schedule.css';

/** Spec 3 §2 power schedule: /homes/{homeId}/devs/{devId}/powerSchedule (?adminMode=1). */
export function PowerSchedulePage() {
  const { t, i18n } = useTranslation();
  const { homeId = '', devId = '' } = useParams();
  const admin = useAdminMode();
  const homes = useHomesData();
  const home = homes.data?.find((h) => h.id === homeId);
  const devIds = home?.devs.map((d) => d.dev_id) ?? [];
  // Spec 3 §8: a device the home does not hold is "Dev not found", not the home's first device.
  const devKnown = devIds.includes(devId);
  const devDatas = useDeviceStates(devIds);
  const extra = useExtraData(homeId);
  const devData = (id: string) => devDatas[devIds.indexOf(id)]?.data;
  const loading = homes.isPending || extra.isPending || devDatas.some((q) => q.isPending);
  // Spec 3 §8: a failed read is a data-update error (the toast says it). The editor needs every
  // device's schedule: shown without one, it would offer to set up a schedule that is not
  // empty, and saving would replace what was never read.
  const unread = [extra, ...devDatas].find((q) => q.isError);
  const own = devData(devId) ?? devDatas.find((q) => q.data)?.data;
  const tz = own?.geo_data?.tz_code;

  return (
    <PageFrame
      title={t('powerSchedule.title')}
      backLabel={t('powerSchedule.back')}
      backText={t('powerSchedule.back')}
    >
      <h1 className="power__heading">{home?.name}</h1>
      {loading && (
        <p role="status">
          <IonSpinner aria-hidden="true" /> <span>{t('powerSchedule.loading')}</span>
        </p>
      )}
      {!loading && !home && <p role="status">{t('powerSchedule.homeNotFound')}</p>}
      {!loading && home && !devKnown && <p role="status">{t('powerSchedule.devNotFound')}</p>}
      {!loading && home && devKnown && unread && <ReadFailedLine error={unread.error} />}
      {!loading && home && devKnown && !unread && extra.data && (
        <PowerEditor
          key={`${homeId}/${devId}`}
          homeId={homeId}
          extra={extra.data}
          devs={powerTargets(home.devs, devData)}
          initial={initialPowerState(
            extra.data,
            own?.pmo_system?.max_power_config.slots,
            i18n.language,
          )}
          timeZone={typeof tz === 'string' ? tz : undefined}
          admin={admin}
        />
      )}
    </PageFrame>
  );
}
