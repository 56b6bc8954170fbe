import {
  lastOnModeAfter,
  type BoostKind,
  type NodeMode,
  type TemperatureUnits,
} from '@hearth/protocol';
import { postBoost, postRunback, postStatus, type NodeRef } from '../../../lib/devices';
import { getLastOnMode, setLastOnMode } from './last-on-mode';

const ignore = () => {
  // The HTTP layer already told the user (spec 3 §8 user-request error); the device state stands.
};

export function nodeId(ref: NodeRef): string {
  return `${ref.devId}:${ref.type}:${ref.addr}`;
}

/** The writes of the detail screen, to the API.md §5 paths. */
export function nodeActions(ref: NodeRef, units: TemperatureUnits) {
  return {
    setMode(current: NodeMode | undefined, mode: NodeMode) {
      // Spec 3 §4: going off records the mode the node had, so it can come back to it.
      if (mode === 'off') {
        const id = nodeId(ref);
        setLastOnMode(id, lastOnModeAfter(current, 'off', getLastOnMode(id)));
      }
      void postStatus(ref, { mode }).catch(ignore);
    },
    setTemperature(stemp: number, u: TemperatureUnits) {
      void postStatus(ref, { stemp, units: u }).catch(ignore);
    },
    startBoost(kind: BoostKind, temp: number, time: number) {
      if (kind === 'runback') {
        // Runback time is counted in minutes in the dialog and on the wire.
        void postRunback(ref, { stemp: temp, units, time }).catch(ignore);
        return;
      }
      // The dialog counts boost time in hours; the gateway takes minutes (API.md §5 /boost).
      void postBoost(ref, { active: true, temperature: temp, units, time: time * 60 }).catch(
        ignore,
      );
    },
    cancelBoost(kind: BoostKind) {
      if (kind === 'runback') {
        void postStatus(ref, { mode: getLastOnMode(nodeId(ref)) ?? 'manual' }).catch(ignore);
        return;
      }
      void postBoost(ref, { active: false }).catch(ignore);
    },
    lastOnMode: () => getLastOnMode(nodeId(ref)),
  };
}
