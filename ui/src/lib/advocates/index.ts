// First, so that every module here finds its English texts when it runs.
import './english';
export { forgetAdvocateList } from './my-advocates';
export { ShareWithAdvocate } from './share-with-advocate';
export { ShareEveryIncident } from './share-every-incident';
export {
  sendUnderStanding,
  useStandingShares,
  withdrawStanding,
  type StandingShare,
} from './standing-share';
