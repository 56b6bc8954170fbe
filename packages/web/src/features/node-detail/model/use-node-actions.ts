import {
  lastOnModeAfter,
  type BoostKind,
  type NodeMode,
  type TemperatureUnits,
} from '@hearth/protocol';
import { postBoost, postRunback, postStatus, type NodeRef } from '../../../lib/devices';
import { reportRefusal } from '../../../lib/http';
import { getLastOnMode, setLastOnMode } from './last-on-mode';

/**
 * Spec 3 §8: a failed write is a user-request error. The HTTP layer tells the user of every
 * failure but a refusal (by error code), which it leaves to the caller: this screen tells it the
 * same way, as the table view does. Resolves whether the write was taken; the device state
 * stands either way.
 */
function written(request: Promise<unknown>): Promise<boolean> {
  return request.then(
    () => true,
    (error: unknown) => {
      reportRefusal(error, 'userRequest');
      return false;
    },
  );
}

export function nodeId(ref: NodeRef): string {
  return `${ref.devId}:${ref.type}:${ref.addr}`;
}

/** The writes of the detail screen, to the docs/wire-contract.md §5 paths. */
export function nodeActions(ref: NodeRef, units: TemperatureUnits) {
  return {
    setMode(current: NodeMode | undefined, mode: NodeMode): Promise<boolean> {
      // Spec 3 §4: going off records the mode the node had, so it can come back to it.
      if (mode === 'off') {
        const id = nodeId(ref);
        setLastOnMode(id, lastOnModeAfter(current, 'off', getLastOnMode(id)));
      }
      return written(postStatus(ref, { mode }));
    },
    setTemperature(stemp: number, u: TemperatureUnits): Promise<boolean> {
      return written(postStatus(ref, { stemp, units: u }));
    },
    /** `minutes`: the dialog and the wire count both in minutes (docs/wire-contract.md §5 /boost, runback). */
    startBoost(kind: BoostKind, temp: number, minutes: number) {
      if (kind === 'runback') {
        void written(postRunback(ref, { stemp: temp, units, time: minutes }));
        return;
      }
      void written(postBoost(ref, { active: true, temperature: temp, units, time: minutes }));
    },
    cancelBoost(kind: BoostKind) {
      if (kind === 'runback') {
        void written(postStatus(ref, { mode: getLastOnMode(nodeId(ref)) ?? 'manual' }));
        return;
      }
      void written(postBoost(ref, { active: false }));
    },
    lastOnMode: () => getLastOnMode(nodeId(ref)),
  };
}
