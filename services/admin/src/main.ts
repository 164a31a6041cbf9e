import './instrument';
import { loadAdminConfig } from './config';
import { startAdminService } from './service';

startAdminService(loadAdminConfig(), { handleSignals: true }).catch((err: unknown) => {
  console.error('admin service failed to start:', err);
  process.exit(1);
});
