import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { takesPowerSchedule, type GroupedHome } from '@hearth/protocol';
import { deviceKeys } from '../../../lib/devices';
import {
  EMPTY_HOME_DATA,
  HomeDataFields,
  getCoarseLocation,
  homeDataError,
  homeDataErrorText,
  placeOf,
  useLocationInfo,
  type HomeData,
} from '../../../lib/home-data';
import { HttpError, needsOwnMessage } from '../../../lib/http';
import { MessageLine, ReadFailedLine, useTimedMessage } from '../../../lib/screens';
import {
  homeKeys,
  setExtraData,
  setGeoData,
  setHomeName,
  setMaxPowerConfig,
  useExtraData,
  useGeoData,
  type GeoData,
} from '../api/homes-api';
import { maxPowerFormFrom, maxPowerWrite, type MaxPowerForm } from '../model/max-power';
import { homeRoutes } from '../model/home-routes';
import { MaxPowerSection } from './max-power-section';
import { useAdminMode } from '../../../lib/session/admin-mode';
import { useCapabilities } from '../../../lib/client-data';

function homeDataFrom(home: GroupedHome, geo: GeoData | undefined): HomeData {
  return {
    ...EMPTY_HOME_DATA,
    country: geo?.country ?? '',
    state: geo?.state ?? '',
    city: geo?.city ?? '',
    zip: (geo?.zip ?? '').toUpperCase(),
    name: home.name,
  };
}

/** Spec 2 §2 home data form: place and name, then the max power section; owners save. */
export function HomeDataTab({ home }: { home: GroupedHome }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useLocationInfo().data;
  const geo = useGeoData(home.id);
  const extra = useExtraData(home.id, home.owner);
  const [data, setData] = useState<HomeData | null>(null);
  const [power, setPower] = useState<MaxPowerForm | null>(null);
  const msg = useTimedMessage();
  const value = data ?? homeDataFrom(home, geo.data);
  const initialPower = maxPowerFormFrom(extra.data);
  // Spec 2 §4: the max power configuration is editable only in admin mode and when flagged so.
  const admin = useAdminMode();
  const capabilities = useCapabilities();
  const maxPowerEditable = admin && extra.data?.editable !== false;
  const powerValue = power ?? initialPower;
  const scheduleDev = home.devs.find(takesPowerSchedule);

  const save = async () => {
    const error = homeDataError(value, info);
    if (error) return msg.error(homeDataErrorText(error, t, 'homes'));
    const powerChanged =
      power !== null && (power.type !== initialPower.type || power.fixed !== initialPower.fixed);
    const write = powerChanged ? maxPowerWrite(powerValue, extra.data) : undefined;
    if (write && !write.ok) return msg.error(t('homes.errors.maxPowerValueNotValid'));
    try {
      if (value.name.trim() !== home.name) await setHomeName(home.id, value.name.trim());
      const place = placeOf(value, info);
      const coarse = await getCoarseLocation(place);
      await setGeoData(home.id, {
        ...place,
        ...(coarse ? { coarsePosition: { latitude: coarse.lat, longitude: coarse.lon } } : {}),
      });
      if (write?.ok) {
        await setExtraData(home.id, write.extra);
        const pmo = home.devs.filter(takesPowerSchedule);
        await Promise.all(pmo.map((d) => setMaxPowerConfig(d.dev_id, write.config)));
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (needsOwnMessage(err)) msg.error(t('homes.errors.userRequest'));
      else msg.clear();
      return;
    }
    // Spec 2 §4 "Saves": the home data is refreshed after saving.
    await queryClient.invalidateQueries({ queryKey: deviceKeys.homes() });
    await queryClient.invalidateQueries({ queryKey: homeKeys.geo(home.id) });
    msg.success(t('homes.saved'), () => navigate(-1));
  };

  return (
    <section aria-label={t('homes.details.data')}>
      <HomeDataFields
        ns="homes"
        value={value}
        info={info}
        readOnly={!home.owner}
        onChange={(next) => {
          msg.clear();
          setData(next);
        }}
      />
      {/* Spec 2 §8: the home's power data did not load (a quiet read: the page says so). The
          section waits for it: shown with defaults, a save would replace the stored limit. */}
      {home.owner && extra.isError && <ReadFailedLine error={extra.error} />}
      {home.owner && extra.isSuccess && (
        <MaxPowerSection
          value={powerValue}
          readOnly={!maxPowerEditable}
          onChange={(next) => {
            msg.clear();
            setPower(next);
          }}
          scheduleLink={
            capabilities.powerScheduleAvailable && scheduleDev
              ? homeRoutes.powerSchedule(home.id, scheduleDev.dev_id)
              : undefined
          }
        />
      )}
      <MessageLine message={msg.message} />
      {/* Spec 2 §2: the form ends with its save and back buttons, in that order. */}
      <div className="hearth-actions">
        {home.owner && <IonButton onClick={() => void save()}>{t('homes.save')}</IonButton>}
        <IonButton fill="outline" onClick={() => navigate(-1)}>
          {t('homes.back')}
        </IonButton>
      </div>
    </section>
  );
}
