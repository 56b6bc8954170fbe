import type { NodeType, Prog } from '@hearth/protocol';
import { changeSetup, postNodeWrite, useHomes, wireSetup } from '../../../lib/devices';

/** The app's one home list, in its one order (ruling D4: the same list after Back). */
export const useHomesData = useHomes;

export function postProg(devId: string, type: NodeType, addr: number, prog: Prog) {
  return postNodeWrite({ devId, type, addr }, 'prog', { prog });
}

export interface ProgTemps {
  ice_temp: string;
  eco_temp: string;
  comf_temp: string;
  units: 'C' | 'F';
}

export function postProgTemps(devId: string, type: NodeType, addr: number, temps: ProgTemps) {
  return postNodeWrite({ devId, type, addr }, 'prog_temps', temps);
}

/** A setup read back, ready to be written again (the app's one, in lib/devices). */
export { wireSetup };

/** Setup is a full object: read it, change the resolution, write it back (docs/wire-contract.md §5). */
export async function postResolution(
  devId: string,
  type: NodeType,
  addr: number,
  progResol: 0 | 1,
): Promise<void> {
  await changeSetup({ devId, type, addr }, { prog_resol: progResol });
}
