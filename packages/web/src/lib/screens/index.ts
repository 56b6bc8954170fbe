export { PageFrame } from './page-frame';
export { MessageLine } from './message-line';
export { ReadFailedLine } from './read-failed-line';
export { LoadFailedPanel } from './load-failed-panel';
export { useTimedMessage, type TimedMessage } from './use-timed-message';
export { SAVE_TOAST_MS } from './constants';
export { ConfirmDialog } from './confirm-dialog';
