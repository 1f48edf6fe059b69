export { default } from './resources-page';
