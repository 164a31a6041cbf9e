import './instrument';
import { loadPaymentConfig } from './config';
import { startPaymentService } from './service';

startPaymentService(loadPaymentConfig(), { handleSignals: true }).catch((err: unknown) => {
  console.error('payment service failed to start:', err);
  process.exit(1);
});
