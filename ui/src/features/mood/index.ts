export { default } from './mood-page';
