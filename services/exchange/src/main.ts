import './instrument';
import { loadExchangeConfig } from './config';
import { startExchangeService } from './service';

startExchangeService(loadExchangeConfig(), { handleSignals: true }).catch((err: unknown) => {
  console.error('exchange service failed to start:', err);
  process.exit(1);
});
