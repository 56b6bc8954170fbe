import {
  guestScopeSchema,
  parseDecimal,
  type GuestScope,
  type NodeMode,
  type ScopeNode,
} from '@hearth/protocol';

/** The modes an owner may give a guest: the ones a person picks on the mode switcher. */
export const GUEST_MODE_CHOICES = ['auto', 'manual', 'off'] as const satisfies readonly NodeMode[];

export interface WeeklySlot {
  day: number;
  from: string;
  to: string;
}

/** The scope editor's fields; empty text means "no limit". */
export interface ScopeForm {
  allRooms: boolean;
  rooms: string[];
  minC: string;
  maxC: string;
  allModes: boolean;
  modes: string[];
  boost: boolean;
  validFrom: string;
  validTo: string;
  weekly: WeeklySlot[];
}

/** Why a scope cannot be saved; each is worded in `sharing.form.errors`. */
export type ScopeFormError =
  'noRooms' | 'badTemperature' | 'minAboveMax' | 'noModes' | 'datesReversed' | 'emptySlot';

export const roomKey = (n: ScopeNode) => `${n.devId}:${n.type}:${n.addr}`;

function roomOf(key: string): ScopeNode {
  const [devId = '', type = '', addr = '0'] = key.split(':');
  return { devId, type, addr: Number(addr) };
}

export const emptyScopeForm = (): ScopeForm => ({
  allRooms: true,
  rooms: [],
  minC: '',
  maxC: '',
  allModes: true,
  modes: [],
  boost: true,
  validFrom: '',
  validTo: '',
  weekly: [],
});

/** The form showing a stored scope: absent fields are "no limit". */
export function formOf(scope: GuestScope): ScopeForm {
  return {
    allRooms: scope.nodes === undefined,
    rooms: (scope.nodes ?? []).map(roomKey),
    minC: scope.minC === undefined ? '' : String(scope.minC),
    maxC: scope.maxC === undefined ? '' : String(scope.maxC),
    allModes: scope.modes === undefined,
    modes: scope.modes ?? [],
    boost: scope.boost !== false,
    validFrom: scope.validFrom ?? '',
    validTo: scope.validTo ?? '',
    weekly: (scope.weekly ?? []).map((w) => ({ ...w })),
  };
}

const celsius = (text: string): number | undefined | null => {
  if (text.trim() === '') return undefined;
  const value = parseDecimal(text.trim());
  return value === undefined || value < 5 || value > 30 ? null : value;
};

/** The scope the form says, or the first reason it cannot be saved. */
export function scopeOf(form: ScopeForm): { scope: GuestScope } | { error: ScopeFormError } {
  if (!form.allRooms && form.rooms.length === 0) return { error: 'noRooms' };
  const minC = celsius(form.minC);
  const maxC = celsius(form.maxC);
  if (minC === null || maxC === null) return { error: 'badTemperature' };
  if (minC !== undefined && maxC !== undefined && minC > maxC) return { error: 'minAboveMax' };
  if (!form.allModes && form.modes.length === 0) return { error: 'noModes' };
  if (form.validFrom && form.validTo && form.validFrom > form.validTo)
    return { error: 'datesReversed' };
  if (form.weekly.some((w) => w.from === w.to)) return { error: 'emptySlot' };
  const scope: GuestScope = {
    ...(form.allRooms ? {} : { nodes: form.rooms.map(roomOf) }),
    ...(minC === undefined ? {} : { minC }),
    ...(maxC === undefined ? {} : { maxC }),
    ...(form.allModes ? {} : { modes: [...form.modes] }),
    ...(form.boost ? {} : { boost: false }),
    ...(form.validFrom ? { validFrom: form.validFrom } : {}),
    ...(form.validTo ? { validTo: form.validTo } : {}),
    ...(form.weekly.length > 0 ? { weekly: form.weekly.map((w) => ({ ...w })) } : {}),
  };
  // The server's own schema: what passes here is what it stores.
  return guestScopeSchema.safeParse(scope).success ? { scope } : { error: 'badTemperature' };
}
