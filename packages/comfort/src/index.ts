// Comfort that thinks ahead: the I/O-free decisions (optimum start, open-window detection,
// holidays and one-off days). The server's automation feeds them readings and applies them.
export * from './constants';
export * from './explain';
export * from './holidays';
export * from './optimum-start';
export * from './warmup-model';
export * from './window-detector';
