export { default } from './auth-page';
