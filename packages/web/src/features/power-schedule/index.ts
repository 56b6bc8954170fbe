export { PowerSchedulePage } from './power-schedule-page';
export { HeaterSystemPage } from './heater-system-page';
