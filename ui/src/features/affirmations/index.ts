export { default } from './affirmations-page';
