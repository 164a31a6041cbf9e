/** The chat routes' request schemas live with their contract (packages/contracts). */
export {
  chatIdParam as idParam,
  chatMessagesQuery as messagesQuery,
  chatReadBody as readBody,
  chatSendBody as sendBody,
  chatUserIdQuery as userIdQuery,
} from '@swapbooth/contracts';
