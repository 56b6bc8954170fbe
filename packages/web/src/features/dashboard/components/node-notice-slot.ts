import { createContext, type ReactNode } from 'react';
import type { NodeType, TemperatureUnits } from '@hearth/protocol';

export interface NodeNoticeProps {
  homeId: string;
  room: { devId: string; type: NodeType; addr: number };
  name: string;
  timeZone: string | undefined;
  units: TemperatureUnits | undefined;
}

/** A notice another feature shows on a node's card (the comfort automation's), from the app. */
export type RenderNodeNotice = (props: NodeNoticeProps) => ReactNode;

export const NodeNoticeSlot = createContext<
  { render: RenderNodeNotice; timeZone: string | undefined } | undefined
>(undefined);
