// First, so that every module here finds its English texts when it runs.
import './english';
export { forgetAdvocateList, ShareWithAdvocate } from './share-with-advocate';
