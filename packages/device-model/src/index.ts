// The I/O-free gateway and node model: what a gateway's devices do, with no MQTT, no timers of
// its own and no Node API, so the simulator and the app's demo mode run the same behaviour.
export * from './ambient';
export * from './clock';
export * from './command-schemas';
export * from './commands';
export * from './comfort-room';
export * from './heater-kinds';
export * from './history';
export * from './history-day';
export * from './lazy-history';
export * from './model';
export * from './node';
export * from './outdoor';
export * from './programme';
export * from './rng';
export * from './targets';
export * from './thermal';
export * from './types';
export * from './units';
export * from './wire-objects';
