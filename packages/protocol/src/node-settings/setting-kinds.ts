/*
 * What a node setting is (spec 3 §3 "Setup" and "Node configuration settings", §5, §6): its
 * type, range or choices, and who may change it. The tables of each node type are in
 * setup-settings.ts and status-entries.ts.
 */

export type SettingKind =
  | { type: 'boolean' }
  | { type: 'integer'; min: number; max: number }
  | { type: 'choice'; values: readonly (string | number)[] }
  /** A temperature or offset as the wire carries it, a decimal string (docs/wire-contract.md §1). */
  | { type: 'temperature' }
  /** Whole watts, a string or a number: 0 or -1 for none, else 1000–60000 (spec 3 §5, §9). */
  | { type: 'watts' }
  | { type: 'text'; maxLength: number }
  /** Seven day flags (spec 3 §9 charge days). */
  | { type: 'days' }
  /** `{start, end}` in minutes since midnight (spec 3 §5 valley and PIR sleep pickers). */
  | { type: 'interval' }
  | { type: 'group'; entries: SettingsTable };

export interface NodeSetting {
  kind: SettingKind;
  /** Spec 3 §6: only an owner may change it (ruling D18: the node's max power, `power`, too). */
  ownerOnly?: boolean;
  /** The hardware's own: a written copy is accepted and the node's value kept. */
  hardware?: boolean;
}
export type SettingsTable = Readonly<Record<string, NodeSetting>>;

export const MINUTES_A_DAY = 1440;

export const boolean = { kind: { type: 'boolean' } } as const;
export const temperature = { kind: { type: 'temperature' } } as const;
export const interval: NodeSetting = { kind: { type: 'interval' } };
export const integer = (min: number, max: number): NodeSetting => ({
  kind: { type: 'integer', min, max },
});
export const choice = (values: readonly (string | number)[]): NodeSetting => ({
  kind: { type: 'choice', values },
});
export const text = (maxLength: number): NodeSetting => ({ kind: { type: 'text', maxLength } });
export const group = (entries: SettingsTable): NodeSetting => ({
  kind: { type: 'group', entries },
});
/** The indexes of a list of choices, which the wire carries instead of their names. */
export const indexes = (list: readonly unknown[]) => list.map((_, i) => i);
