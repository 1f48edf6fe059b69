// First, so that every dialog here finds its English texts when it runs.
import './english';
// The dialogs that share with her advocate; what they send and how it is sealed is in lib/advocates.
export { ShareWithAdvocate } from './share-with-advocate';
export { ShareEveryIncident } from './share-every-incident';
