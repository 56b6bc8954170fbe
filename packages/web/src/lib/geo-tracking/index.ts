export { useGeoTracking } from './use-geo-tracking';
export { forgetTrackedHomes, isHomeTracked, setHomeTracked } from './home-permissions';
