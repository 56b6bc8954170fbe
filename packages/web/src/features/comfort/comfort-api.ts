import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ComfortLearned,
  ComfortSummary,
  HolidayInput,
  HolidaysAnswer,
  HolidayWire,
  NodeType,
  OneOffInput,
  OneOffWire,
  comfortPreheating,
} from '@hearth/protocol';
import { http } from '../../lib/http';

/**
 * Hearth's comfort API (docs/comfort.md "In the server"): a room's settings, what it learned and
 * decided, the one-tap window override, a home's holidays and one-off days, and a home's summary
 * of held and warming rooms.
 */
export interface RoomRef {
  devId: string;
  type: NodeType;
  addr: number;
}

export type Learned = ComfortLearned;

export interface RoomComfort {
  optimum_start: boolean;
  window_detection: boolean;
  /** The hold's latest end: ISO 8601 from the room's route, ms in the home's summary. */
  window_hold_until: string | number | null;
  learned?: Learned | null;
}

export interface Decision {
  id: number | string;
  at: string | number;
  kind: string;
  text: string;
  detail: Record<string, unknown>;
}

export type Preheating = z.infer<typeof comfortPreheating>;
export type RoomSummary = ComfortSummary['rooms'][number];

/** 0 = Sunday, as Date#getDay. */
export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

// The holiday shapes are protocol's (packages/protocol/src/comfort), which the server checks.
export type { HolidayInput, OneOffInput };
export type Holiday = HolidayWire;
export type OneOff = OneOffWire;
export type HolidayList = HolidaysAnswer;

const enc = encodeURIComponent;
const HEARTH = '/api/hearth/v1';

/** The room's id on the wire: "<dev_id>/<type>/<addr>". */
export const roomId = (ref: RoomRef) => `${ref.devId}/${ref.type}/${ref.addr}`;
const roomPath = (ref: RoomRef) =>
  `${HEARTH}/devs/${enc(ref.devId)}/${ref.type}/${ref.addr}/comfort`;
const homePath = (homeId: string) => `${HEARTH}/homes/${enc(homeId)}`;

export const comfortKeys = {
  all: ['comfort'] as const,
  room: (ref: RoomRef) => ['comfort', 'room', roomId(ref)] as const,
  decisions: (ref: RoomRef) => ['comfort', 'room', roomId(ref), 'decisions'] as const,
  summary: (homeId: string) => ['comfort', 'home', homeId, 'summary'] as const,
  holidays: (homeId: string) => ['comfort', 'home', homeId, 'holidays'] as const,
};

/** Held rooms are re-read this often: a hold ends by itself (recovered slope, 30 min). */
const SUMMARY_REFRESH_MS = 60_000;

export function useRoomComfort(ref: RoomRef) {
  return useQuery({
    queryKey: comfortKeys.room(ref),
    queryFn: ({ signal }) => http.request<RoomComfort>(roomPath(ref), { signal }),
  });
}

export function useDecisions(ref: RoomRef) {
  return useQuery({
    queryKey: comfortKeys.decisions(ref),
    queryFn: ({ signal }) =>
      http.request<{ decisions: Decision[] }>(`${roomPath(ref)}/decisions?limit=20`, { signal }),
  });
}

/** A home's held and warming rooms; quiet: a notice that cannot be read is simply not shown. */
export function useComfortSummary(homeId: string, enabled = true) {
  return useQuery({
    queryKey: comfortKeys.summary(homeId),
    queryFn: ({ signal }) =>
      http.request<{ rooms: RoomSummary[] }>(`${homePath(homeId)}/comfort`, {
        signal,
        quiet: true,
      }),
    enabled,
    refetchInterval: SUMMARY_REFRESH_MS,
    retry: false,
  });
}

export function useHolidays(homeId: string) {
  return useQuery({
    queryKey: comfortKeys.holidays(homeId),
    queryFn: ({ signal }) =>
      http.request<HolidayList>(`${homePath(homeId)}/holidays`, { signal, quiet: true }),
    retry: false,
  });
}

export function saveRoomComfort(
  ref: RoomRef,
  body: { optimum_start?: boolean; window_detection?: boolean },
): Promise<RoomComfort> {
  return http.request<RoomComfort>(roomPath(ref), { method: 'POST', json: body });
}

/** After any comfort change, what every screen shows of comfort is read again. */
export function useComfortRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: comfortKeys.all });
}

export function useResumeHeating(ref: RoomRef) {
  const refresh = useComfortRefresh();
  return useMutation({
    mutationFn: () =>
      http.request<{ resumed: boolean }>(`${roomPath(ref)}/window/override`, { method: 'POST' }),
    onSettled: refresh,
  });
}

// The holiday writes are quiet: their form says what the server refused, in place.
export function createHoliday(homeId: string, body: HolidayInput): Promise<Holiday> {
  return http.request<Holiday>(`${homePath(homeId)}/holidays`, {
    method: 'POST',
    json: body,
    quiet: true,
  });
}
export function updateHoliday(homeId: string, id: string, body: HolidayInput): Promise<Holiday> {
  return http.request<Holiday>(`${homePath(homeId)}/holidays/${enc(id)}`, {
    method: 'PUT',
    json: body,
    quiet: true,
  });
}
export function deleteHoliday(homeId: string, id: string): Promise<unknown> {
  return http.request(`${homePath(homeId)}/holidays/${enc(id)}`, { method: 'DELETE' });
}
export function createOneOff(homeId: string, body: OneOffInput): Promise<OneOff> {
  return http.request<OneOff>(`${homePath(homeId)}/one_offs`, {
    method: 'POST',
    json: body,
    quiet: true,
  });
}
export function deleteOneOff(homeId: string, id: string): Promise<unknown> {
  return http.request(`${homePath(homeId)}/one_offs/${enc(id)}`, { method: 'DELETE' });
}
