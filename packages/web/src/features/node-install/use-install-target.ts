import { useTranslation } from 'react-i18next';
import { useHomes } from '../../lib/devices';

/**
 * The home (and gateway) a node installation link names. Spec 2 §8: a link to a home or device
 * the user does not have (any more) says so — `missing` is that message once the homes have
 * loaded, and undefined while they load or when both are there.
 */
export function useInstallTarget(homeId: string, devId: string) {
  const { t } = useTranslation();
  const homes = useHomes();
  const home = homes.data?.find((h) => h.id === homeId);
  const missing = !homes.isSuccess
    ? undefined
    : !home
      ? t('nodeInstall.homeNotFound')
      : !home.devs.some((d) => d.dev_id === devId)
        ? t('nodeInstall.devNotFound')
        : undefined;
  return { home, missing };
}
