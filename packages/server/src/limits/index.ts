export { createChangeLimit, DEFAULT_CHANGES_PER_HOUR, type ChangeLimit } from './change-limit';
export {
  createMemoryChangeCounter,
  createRedisChangeCounter,
  type ChangeCounter,
} from './change-counter';
export {
  createHourlyLimit,
  createMemoryHourlyLimit,
  createRedisHourlyLimit,
  type HourlyLimit,
} from './hourly-window';
