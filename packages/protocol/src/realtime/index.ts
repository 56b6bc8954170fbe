export * from './events';
export * from './device-paths';
export * from './device-update';
