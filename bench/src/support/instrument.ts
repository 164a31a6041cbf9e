// Imported first by the benchmarks' own small services: tracing, when the OTEL_* settings ask for
// it, patches the modules it instruments before they are loaded (as each service's instrument.ts).
import { startTracing } from '@swapbooth/service-kit/tracing';

startTracing('bench-service');
