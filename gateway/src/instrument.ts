// Imported first by main.ts: tracing, when the OTEL_* settings ask for it, patches the modules it
// instruments before they are loaded.
import { startTracing } from '@swapbooth/service-kit/tracing';

startTracing('gateway');
