import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHomeTracked, setHomeTracked } from '../../../lib/geo-tracking';
import { platform as defaultPlatform, type Platform } from '../../../lib/platform';

/**
 * Spec 2 §4 geolocation: the active toggle (native app only) asks for the location permission
 * and keeps this home's permission on this device; tracking then restarts with it.
 */
export function GeoTrackingToggle({
  homeId,
  platform = defaultPlatform,
}: {
  homeId: string;
  platform?: Platform;
}) {
  const { t } = useTranslation();
  const [on, setOn] = useState<boolean | null>(null);
  const [denied, setDenied] = useState(false);

  useEffect(() => {
    let live = true;
    isHomeTracked(platform.preferences, homeId).then(
      (tracked) => live && setOn(tracked),
      () => live && setOn(false),
    );
    return () => {
      live = false;
    };
  }, [homeId, platform]);

  if (!platform.isNative) return null;

  const change = async (checked: boolean) => {
    setDenied(false);
    setOn(checked);
    if (checked && !(await platform.geolocation.requestPermission().catch(() => false))) {
      setDenied(true);
      setOn(false);
      return;
    }
    await setHomeTracked(platform.preferences, homeId, checked);
  };

  return (
    <div className="hearth-form">
      <label className="hearth-check">
        <input
          type="checkbox"
          role="switch"
          checked={on ?? false}
          disabled={on === null}
          onChange={(e) => void change(e.target.checked)}
        />
        {t('homes.geo.tracking')}
      </label>
      <p>{t('homes.geo.trackingHelp')}</p>
      {denied && <p role="alert">{t('homes.geo.trackingDenied')}</p>}
    </div>
  );
}
