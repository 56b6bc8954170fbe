import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Prog, ScheduleResolution } from '@hearth/protocol';
import type { ScheduleTarget } from '../model/schedule-model';
import {
  postProg,
  postProgTemps,
  postResolution,
  scheduleKeys,
  type ProgTemps,
} from './schedule-api';

/** Every write goes to each selected node; failures reach the global error toast (spec 3 §8). */
export function useScheduleWrites(targets: readonly ScheduleTarget[]) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [...new Set(targets.map((t) => t.devId))].map((devId) =>
        queryClient.invalidateQueries({ queryKey: scheduleKeys.devData(devId) }),
      ),
    );
  const prog = useMutation({
    mutationFn: (p: Prog) => Promise.all(targets.map((t) => postProg(t.devId, t.type, t.addr, p))),
    onSuccess: refresh,
  });
  const temps = useMutation({
    mutationFn: (body: ProgTemps) =>
      Promise.all(targets.map((t) => postProgTemps(t.devId, t.type, t.addr, body))),
    onSuccess: refresh,
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
  });
  return { prog, temps, resolution };
}
