// First, so that every module of the area finds its English texts when it runs.
import './english';
export { default } from './advocate-page';
