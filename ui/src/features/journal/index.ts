export { default } from './journal-page';
