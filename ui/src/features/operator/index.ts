// First, so that every module of the console finds its English texts when it runs.
import './english';
export { default } from './operator-page';
