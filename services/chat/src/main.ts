import './instrument';
import { loadChatConfig } from './config';
import { startChatService } from './service';

startChatService(loadChatConfig(), { handleSignals: true }).catch((err: unknown) => {
  console.error('chat service failed to start:', err);
  process.exit(1);
});
