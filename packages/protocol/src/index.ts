export * from './constants';
export * from './devid';
export * from './format';
export * from './gateway';
export * from './modes';
export * from './node-types';
export * from './wire';
