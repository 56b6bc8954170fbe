export * from './constants';
export * from './temperature';
export * from './mode-rules';
export * from './boost';
export * from './week';
export * from './schedule';
export * from './power-schedule';
export * from './power-profiles';
