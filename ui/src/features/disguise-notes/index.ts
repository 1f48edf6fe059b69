export { default } from './notes-page';
