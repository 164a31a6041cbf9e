/** The notification routes' request schemas live with their contract (packages/contracts). */
export {
  createNotificationBody as createBody,
  notificationIdParam as idParam,
  notificationListQuery as listQuery,
  notificationSettingsBody as settingsBody,
} from '@swapbooth/contracts';
