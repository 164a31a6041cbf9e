/** Response shapes shared by the services and the web client. */
export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}

export interface ApiFailure {
  success: false;
  message: string;
  code: string;
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export const errorCodes = [
  'invalid',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'not_implemented',
  'unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  service: string;
  checks: Record<string, { ok: boolean; error?: string }>;
}
