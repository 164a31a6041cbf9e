import './instrument';
import { loadNotificationConfig } from './config';
import { startNotificationService } from './service';

startNotificationService(loadNotificationConfig(), { handleSignals: true }).catch(
  (err: unknown) => {
    console.error('notification service failed to start:', err);
    process.exit(1);
  },
);
