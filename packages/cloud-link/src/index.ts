export * from './timing.ts';
export * from './upstream-config.ts';
export * from './upstream-session.ts';
export * from './upstream-client.ts';
export * from './write-plan.ts';
export * from './normalise.ts';
export * from './reconnect-schedule.ts';
export * from './upstream-realtime.ts';
