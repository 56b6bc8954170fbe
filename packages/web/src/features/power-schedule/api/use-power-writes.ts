import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaxPowerType, PowerProfile, PowerSlot } from '@hearth/protocol';
import { deviceKeys } from '../../../lib/devices';
import { reportRefusal } from '../../../lib/http';
import { postExtraData, postPmoSystem, powerKeys, type ExtraData } from './power-api';

export interface PowerConfig {
  type: MaxPowerType;
  profiles: PowerProfile[];
  slots: PowerSlot[];
}

export interface PowerTargetDev {
  devId: string;
  mainCircuitPmos: number[];
}

/**
 * Spec 3 §7: the home's extra data keeps names, colours and the type; every device that takes
 * a power schedule (wifi heaters do not) gets the values and the slots.
 */
export function usePowerWrites(homeId: string, extra: ExtraData, devs: readonly PowerTargetDev[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (config: PowerConfig) => {
      await postExtraData(homeId, {
        ...extra,
        maxPowerProfiles: config.profiles,
        maxPowerType: config.type,
      });
      await Promise.all(
        devs.map((d) =>
          postPmoSystem(d.devId, {
            main_circuit_pmos: d.mainCircuitPmos,
            max_power_config: {
              profiles: config.profiles.map((p) => p.value),
              slots: config.slots,
            },
          }),
        ),
      );
    },
    // Spec 3 §8: a failed save is a user-request error. The HTTP layer tells every failure but
    // a refusal (by the server's error code), which it leaves to the caller: told here alike.
    onError: (error: unknown) => {
      reportRefusal(error, 'userRequest');
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: powerKeys.extraData(homeId) }),
        ...devs.map((d) => queryClient.invalidateQueries({ queryKey: deviceKeys.live(d.devId) })),
      ]),
  });
}
