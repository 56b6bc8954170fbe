import type { NodeType } from '@hearth/protocol';

/** One node of a simulated gateway; everything but type and name has a believable default. */
export interface NodeSpec {
  type: NodeType;
  name: string;
  addr?: number;
  /** Electrical rating, W; a storage heater charges at it and gives out 40 % of it as heat. */
  ratedPowerW?: number;
  /** Starting room temperature, °C. */
  roomTemp?: number;
  mode?: 'auto' | 'manual' | 'off';
  /** Manual set point, °C. */
  stemp?: number;
  units?: 'C' | 'F';
  /** Starting energy counter, Wh (e.g. the last counter of generated history). */
  counterWh?: number;
}
