import './instrument';
import { loadCatalogConfig } from './config';
import { startCatalogService } from './service';

startCatalogService(loadCatalogConfig(), { handleSignals: true }).catch((err: unknown) => {
  console.error('catalog service failed to start:', err);
  process.exit(1);
});
