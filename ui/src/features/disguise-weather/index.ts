export { default } from './weather-page';
