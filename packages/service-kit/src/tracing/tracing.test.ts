import { activeTraceIds, startTracing, tracingRequested, tracingStarted } from './index';

describe('tracing settings', () => {
  it('is off unless an endpoint or an exporter is named', () => {
    expect(tracingRequested({})).toBe(false);
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(
      tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' }),
    ).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'zipkin' })).toBe(true);
    expect(tracingRequested({ OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(
      tracingRequested({
        OTEL_TRACES_EXPORTER: 'none',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      }),
    ).toBe(false);
    expect(
      tracingRequested({
        OTEL_SDK_DISABLED: 'true',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      }),
    ).toBe(false);
  });

  it('starts nothing when off', () => {
    expect(startTracing('test', {})).toBe(false);
    expect(tracingStarted()).toBe(false);
    expect(activeTraceIds()).toBeUndefined();
  });
});
