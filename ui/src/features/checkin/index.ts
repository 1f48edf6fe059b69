// First, so that every module of the screen finds its English texts when it runs.
import './english';
export { default } from './checkin-page';
