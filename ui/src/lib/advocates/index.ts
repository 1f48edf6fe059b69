// First, so that every module here finds its English texts when it runs.
import './english';
export { forgetAdvocateList } from './my-advocates';
export {
  sendUnderStanding,
  useStandingShares,
  withdrawStanding,
  type StandingShare,
} from './standing-share';
