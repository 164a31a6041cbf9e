import './instrument';
import { loadSearchConfig } from './config';
import { startSearchService } from './service';

startSearchService(loadSearchConfig(), { handleSignals: true }).catch((err: unknown) => {
  console.error('search service failed to start:', err);
  process.exit(1);
});
