/** The auth routes' shared request pieces live with their contract (packages/contracts). */
export {
  authEmailSchema as emailSchema,
  authIdParams as idParams,
  authOptionalText as optionalText,
  authPageQuery as pageQuery,
  authRequiredText as requiredText,
  authText as text,
} from '@swapbooth/contracts';
