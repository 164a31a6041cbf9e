// Imported first by main.ts: tracing, when the OTEL_* settings ask for it, patches the modules it
// instruments before they are loaded.
import { startTracing } from '@swapbooth/service-kit/tracing';

// Its only outgoing calls are the proxy's, which pass on the request span's trace context
// themselves (injectTraceContext): a client span each would repeat the service's server span.
startTracing('gateway', process.env, { undiciSpans: false });
