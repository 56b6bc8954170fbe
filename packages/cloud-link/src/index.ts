export * from './upstream-config.ts';
