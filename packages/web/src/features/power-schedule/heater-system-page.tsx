import { useState } from 'react';
import { MessageLine, PageFrame, useTimedMessage } from '../../lib/screens';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { parseNodeType, validateHeaterPowerLimit } from '@hearth/protocol';
import { DeviceSockets, useHomeDevices, useHomes } from '../../lib/devices';
import { postHeaterPowerLimit, powerKeys, useHeaterPowerLimit } from './api/power-api';
import { NodeSortSection } from './components/node-sort-section';
import {
  HomeScheduleMethod,
  StorageHeaterMethods,
  type HomeNode,
} from './components/schedule-method-section';
import './power-schedule.css';
import { useCapabilities } from '../../lib/client-data';
import { reportRefusal } from '../../lib/http';

/**
 * Spec 2 §2 / spec 3 §2 heater system settings (/homes/{homeId}/devs/{devId}/system/{nodeType}/
 * settings): the device's power limit (0 none, 1000–60000 W), the schedule method (per home for
 * heaters, per storage heater for acm) and the node sort method.
 */
export function HeaterSystemPage() {
  const { t } = useTranslation();
  const { homeId = '', devId = '', nodeType = '' } = useParams();
  // Spec 1 §7: the brand may switch the heater system power limit off (htrPowerLimitAvailable).
  const { htrPowerLimitAvailable } = useCapabilities();
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === homeId);
  const devices = useHomeDevices(home);
  const device = devices.find((d) => d.dev.dev_id === devId);
  // Storage heaters are this device's; the home's method covers the heaters of every device.
  const own: HomeNode[] = (device?.nodes ?? []).map((n) => ({ ...n, devId }));
  const homeNodes: HomeNode[] = devices.flatMap((d) =>
    d.nodes.map((n) => ({ ...n, devId: d.dev.dev_id })),
  );
  // Spec 3 §8 missing lookups: nothing of another home's or an unknown device is shown.
  let missing: 'homeNotFound' | 'devNotFound' | undefined;
  if (homes.isSuccess && !home) missing = 'homeNotFound';
  else if (home && !home.devs.some((d) => d.dev_id === devId)) missing = 'devNotFound';
  // Read only for a device of the home: an unknown one would answer with an error toast.
  const current = useHeaterPowerLimit(devId, home !== undefined && missing === undefined);
  return (
    <PageFrame
      title={t('powerSchedule.heaterLimit.title')}
      backLabel={t('powerSchedule.back')}
      backText={t('powerSchedule.back')}
    >
      <DeviceSockets devIds={home && !missing ? home.devs.map((d) => d.dev_id) : []} />
      {missing && <p role="status">{t(`powerSchedule.${missing}`)}</p>}
      {!missing && htrPowerLimitAvailable && current.data && (
        <LimitForm devId={devId} initial={current.data.power_limit} />
      )}
      {!missing &&
        (parseNodeType(nodeType) === 'acm'
          ? device?.loaded && <StorageHeaterMethods nodes={own} owner={home?.owner === true} />
          : devices.some((d) => d.loaded) && (
              <HomeScheduleMethod
                nodes={homeNodes}
                owner={home?.owner === true}
                complete={devices.every((d) => d.loaded)}
              />
            ))}
      {!missing && home && <NodeSortSection homeId={homeId} />}
    </PageFrame>
  );
}

function LimitForm({ devId, initial }: { devId: string; initial: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  // Spec 2 §4: the saved toast lasts 2 s, then back; spec 2 §5: a field change hides the error.
  const msg = useTimedMessage();
  const save = useMutation({
    mutationFn: (watts: number) => postHeaterPowerLimit(devId, watts),
    onSuccess: () => {
      msg.success(t('powerSchedule.saved'), () => navigate(-1));
      return queryClient.invalidateQueries({ queryKey: powerKeys.heaterLimit(devId) });
    },
    // Spec 3 §8: a failed save is a user-request error, told once by the toast. The HTTP layer
    // tells every failure but a refusal (by the server's error code), left to the caller.
    onError: (error: unknown) => {
      reportRefusal(error, 'userRequest');
      msg.clear();
    },
  });
  const submit = () => {
    const check = validateHeaterPowerLimit(value);
    if (!check.ok) return msg.error(t(`powerSchedule.heaterLimit.${check.error}`));
    msg.clear();
    save.mutate(check.value);
  };
  return (
    <form
      className="power__limit"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className="power__field">
        <span>{t('powerSchedule.heaterLimit.label')}</span>
        <input
          inputMode="numeric"
          value={value}
          onChange={(e) => {
            msg.clear();
            setValue(e.target.value);
          }}
        />
      </label>
      <p className="power__hint">{t('powerSchedule.heaterLimit.help')}</p>
      <MessageLine message={msg.message} />
      <button type="submit">{t('powerSchedule.save')}</button>
    </form>
  );
}
