export { RoomComfortPage } from './room-comfort-page';
export { HolidaysPage } from './holidays-page';
export { RoomComfortPanel } from './room-comfort-panel';
export { CardComfortNotice } from './comfort-notice';
export type { ComfortNoticeProps } from './comfort-notice';
