export * from './constants';
export * from './temperature';
export * from './mode-rules';
export * from './boost';
export * from './week';
export * from './schedule';
