export { WeatherPage } from './weather-page';
