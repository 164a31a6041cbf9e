import './instrument';
import { loadAuthConfig } from './config';
import { startAuthService } from './service';

startAuthService(loadAuthConfig(), { handleSignals: true }).catch((err: unknown) => {
  console.error('auth service failed to start:', err);
  process.exit(1);
});
