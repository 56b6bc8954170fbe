export { getMyAccess, scopeProblemOf, sharingKeys, useMyAccess, type MyAccess } from './my-access';
export {
  boostAllowed,
  guestScope,
  nodeShared,
  scopedLimits,
  scopedModes,
  type NodeRef,
} from './scope-gate';
