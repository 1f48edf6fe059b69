export { forgetAdvocateList } from './my-advocates';
export {
  sendUnderStanding,
  useStandingShares,
  withdrawStanding,
  type StandingShare,
} from './standing-share';
