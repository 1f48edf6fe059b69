export { default } from './staying-safe-page';
