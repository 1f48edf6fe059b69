export { default } from './safety-plan-page';
