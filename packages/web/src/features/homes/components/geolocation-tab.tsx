import { useEffect, useState } from 'react';
import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  GEO_RANGE_DEBOUNCE_MS,
  GEO_RANGE_DEFAULT,
  GEO_RANGE_MAX,
  GEO_RANGE_MIN,
  GEO_RANGE_STEP,
  mapZoomForRange,
  snapGeoRange,
} from '@hearth/protocol';
import { HttpError, needsOwnMessage } from '../../../lib/http';
import { MessageLine, ReadFailedLine, useTimedMessage } from '../../../lib/screens';
import { homeKeys, setGeoData, useGeoData } from '../api/homes-api';
import { GeoMap, type LatLon } from './geo-map';
import { GeoTrackingToggle } from './geo-tracking-toggle';
import { useClientData } from '../../../lib/client-data';

/** Where the map opens when the home has no position at all (the centre of Spain). */
const FALLBACK_CENTER: LatLon = { lat: 40.4168, lon: -3.7038 };

/** Spec 2 §2 geolocation: map, range slider (debounced 500 ms) and the save-position marker. */
export function GeolocationTab({ homeId, owner }: { homeId: string; owner: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const geo = useGeoData(homeId);
  // The brand's largest range (spec 1 §7 appParameters.maxOutdoorRange), else the spec's 1000 m;
  // always within the 150–1000 m the range may take (spec 2 §5), which the server holds to too.
  const brandMax = useClientData().appParameters?.maxOutdoorRange ?? GEO_RANGE_MAX;
  const maxRange = Math.min(GEO_RANGE_MAX, Math.max(GEO_RANGE_MIN, brandMax));
  const saved = geo.data?.position;
  const coarse = geo.data?.coarsePosition;
  const savedAt = saved ? { lat: saved.latitude, lon: saved.longitude } : undefined;
  const center =
    savedAt ?? (coarse ? { lat: coarse.latitude, lon: coarse.longitude } : FALLBACK_CENTER);
  const [picked, setPicked] = useState<LatLon | undefined>(undefined);
  const [range, setRange] = useState<number | null>(null);
  const shownRange = range ?? geo.data?.outdoor_range ?? GEO_RANGE_DEFAULT;
  const [settledRange, setSettledRange] = useState(shownRange);
  const msg = useTimedMessage();

  // Spec 2 §4: a range change settles after 500 ms before the map follows it.
  useEffect(() => {
    const timer = setTimeout(() => setSettledRange(shownRange), GEO_RANGE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [shownRange]);

  // What Save stores: the point the user picked, else the saved position, else the map centre.
  const position = picked ?? savedAt ?? center;
  // Spec 2 §4: the save-position marker shows when the home has no saved position (or once
  // the user picks a new point to save).
  const marker = picked ?? (savedAt ? undefined : center);

  const save = async () => {
    try {
      await setGeoData(homeId, {
        position: { latitude: position.lat, longitude: position.lon },
        // The slider's value, even if the map has not caught up with it yet.
        outdoor_range: shownRange,
      });
      await queryClient.invalidateQueries({ queryKey: homeKeys.geo(homeId) });
      // Spec 2 §4 "Saves": the toast lasts 2 s, then back.
      msg.success(t('homes.geo.saved'), () => navigate(-1));
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (needsOwnMessage(err)) msg.error(t('homes.errors.userRequest'));
      else msg.clear();
    }
  };

  return (
    <section aria-label={t('homes.details.geolocation')}>
      <GeoTrackingToggle homeId={homeId} />
      {geo.isSuccess && (
        <GeoMap
          center={picked ?? center}
          zoom={mapZoomForRange(settledRange)}
          marker={marker}
          area={position}
          range={settledRange}
          label={t('homes.geo.map')}
          pickable={owner}
          onPick={
            owner
              ? (at) => {
                  // Spec 2 §5: a changed field (here the chosen point) hides the error.
                  msg.clear();
                  setPicked(at);
                }
              : () => undefined
          }
        />
      )}
      {/* Spec 2 §8: a failed read is a data-update error. Nothing to save until the home's geo
          data is read: a save would put the map's fallback point and range in its place. */}
      {geo.isError && <ReadFailedLine error={geo.error} />}
      {geo.isSuccess && (
        <div className="hearth-form">
          <label htmlFor="geo-range">
            {t('homes.geo.range')}:{' '}
            <output data-testid="geo-range">{t('homes.geo.metres', { value: shownRange })}</output>
          </label>
          <input
            id="geo-range"
            type="range"
            min={GEO_RANGE_MIN}
            max={maxRange}
            step={GEO_RANGE_STEP}
            value={shownRange}
            disabled={!owner}
            onChange={(e) => {
              msg.clear();
              setRange(snapGeoRange(Number(e.target.value)));
            }}
          />
          <span data-testid="geo-zoom" hidden>
            {mapZoomForRange(settledRange)}
          </span>
        </div>
      )}
      {owner && geo.isSuccess && (
        <IonButton onClick={() => void save()}>{t('homes.geo.savePosition')}</IonButton>
      )}
      <MessageLine message={msg.message} />
    </section>
  );
}
