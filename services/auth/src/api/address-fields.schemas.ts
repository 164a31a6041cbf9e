import { usZipShape } from '@swapbooth/contracts';
import { isKnownUsZip } from '../domain/us-zip';

/** The address shapes are the contract's (packages/contracts auth-requests). */
export {
  addressLimits,
  authPhoneSchema as phoneSchema,
  booleanish,
  withoutNulls,
} from '@swapbooth/contracts';

/** The contract's ZIP shape, and the code must exist (the service's ZIP table). */
export const zipSchema = usZipShape.refine(isKnownUsZip, 'is not a known US ZIP code');
