import { create } from 'zustand';
import { timeOrderedUuid } from '@hearth/protocol';
import { EMPTY_HOME_DATA, type DeviceType, type HomeData } from '../../../lib/home-data';

/** Spec 2 §3 "Wizard data", kept while the user moves between the wizard's routes. */
export interface WizardData {
  home: HomeData;
  /** Set when adding a device to an existing home. */
  homeId: string | null;
  /** groupData.id of a new home: a generated unique id with dashes removed. */
  groupId: string;
  tzCode: string;
  deviceType: DeviceType;
  /**
   * Catalogue code of the chosen wifi heater model (spec 2 §2), for its image and label; the
   * heater registers with the wifi heater product id whatever the model. Empty until chosen.
   */
  heaterModel: string;
  devId: string;
  serialId: string;
  name: string;
  /** The device id came from detection or a valid query parameter, so it is not asked. */
  devIdKnown: boolean;
  /** The wizard reached its success step; the next add-home starts afresh. */
  finished: boolean;
}

/**
 * Spec 2 §3: groupData.id is a generated unique id with its dashes removed; time-ordered
 * (protocol `timeOrderedUuid`), so that the home list's default sort by id (spec 2 §2) is the
 * order the homes were created in.
 */
export function newGroupId(now?: number, random?: (bytes: Uint8Array) => Uint8Array): string {
  return timeOrderedUuid(now, random).replace(/-/g, '');
}

const initial = (): WizardData => ({
  home: EMPTY_HOME_DATA,
  homeId: null,
  groupId: newGroupId(),
  tzCode: '',
  deviceType: 'ethernet',
  heaterModel: '',
  devId: '',
  serialId: '',
  name: '',
  devIdKnown: false,
  finished: false,
});

interface WizardStore extends WizardData {
  set: (patch: Partial<WizardData>) => void;
  reset: (patch?: Partial<WizardData>) => void;
}

export const useWizardStore = create<WizardStore>((set) => ({
  ...initial(),
  set: (patch) => set(patch),
  reset: (patch = {}) => set({ ...initial(), ...patch }),
}));
