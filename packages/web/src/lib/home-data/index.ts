export * from './device-types';
export * from './location-info';
export * from './home-data-model';
export { HomeDataFields } from './home-data-fields';
export { homeDataErrorText } from './home-data-error-text';
export { useAddHomeOffered, useDeviceTypes } from './use-add-home-offered';
