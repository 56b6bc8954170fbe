import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Prog, ScheduleResolution, SnapshotNode } from '@hearth/protocol';
import { deviceKeys } from '../../../lib/devices';
import { reportRefusal } from '../../../lib/http';
import { progForNode, type ScheduleTarget } from '../model/schedule-model';
import { postProg, postProgTemps, postResolution, type ProgTemps } from './schedule-api';

/**
 * Spec 3 §8: a failed save of the schedule or the programme temperatures is a user-request
 * error. The HTTP layer tells every failure but a refusal (by the server's error code), which
 * it leaves to the caller: a refusal is told here the same way.
 */
function tellRefusal(error: unknown): void {
  reportRefusal(error, 'userRequest');
}

/** Every write goes to each selected node; failures reach the global error toast (spec 3 §8). */
export function useScheduleWrites(
  targets: readonly (ScheduleTarget & { node?: SnapshotNode | undefined })[],
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [...new Set(targets.map((t) => t.devId))].map((devId) =>
        queryClient.invalidateQueries({ queryKey: deviceKeys.live(devId) }),
      ),
    );
  const prog = useMutation({
    // Each node takes the programme in its own schedule method's slots.
    mutationFn: (p: Prog) =>
      Promise.all(targets.map((t) => postProg(t.devId, t.type, t.addr, progForNode(p, t.node)))),
    onSuccess: refresh,
    onError: tellRefusal,
  });
  const temps = useMutation({
    mutationFn: (body: ProgTemps) =>
      Promise.all(targets.map((t) => postProgTemps(t.devId, t.type, t.addr, body))),
    onSuccess: refresh,
    onError: tellRefusal,
  });
  const resolution = useMutation({
    mutationFn: async ({ to, p }: { to: ScheduleResolution; p: Prog }) => {
      await Promise.all(
        targets.map((t) => postResolution(t.devId, t.type, t.addr, to === 'hour' ? 0 : 1)),
      );
      await Promise.all(targets.map((t) => postProg(t.devId, t.type, t.addr, p)));
    },
    // Also after a failure: some nodes may have taken the change before one refused it.
    onSettled: refresh,
    onError: tellRefusal,
  });
  return { prog, temps, resolution };
}
