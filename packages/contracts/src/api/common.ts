import { z } from 'zod';

/**
 * Response shapes shared by the services and the web client. Every answer is an envelope:
 * `{ success: true, data, message? }` or `{ success: false, message, code, field? }`. The schemas
 * of `data` per endpoint live beside this file (auth, catalog, search); the services' presenters
 * return their inferred types and the web client reads the same types.
 */
export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
}

export interface ApiFailure {
  success: false;
  message: string;
  code: string;
  /** The request field the message is about (bad input). */
  field?: string;
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
  'subscription_required',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The success envelope around a `data` schema. */
export const apiSuccess = <T extends z.ZodType>(data: T) =>
  z.strictObject({ success: z.literal(true), data, message: z.string().optional() });

/** The failure envelope every service's error handler writes. */
export const apiFailure = z.strictObject({
  success: z.literal(false),
  message: z.string().min(1),
  code: z.string().min(1),
  field: z.string().optional(),
});

/** `data: null`: the call's outcome is in its status and message. */
export const noData = z.null();

/** A count of something (`{ count }`). */
export const countResponse = z.strictObject({ count: z.number().int().nonnegative() });
export type CountResponse = z.infer<typeof countResponse>;

/** Paging facts every paged list carries. */
export const pageFacts = {
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
};

/**
 * What one endpoint answers: the schema of its `data` and its success status (200 unless given).
 * Keys are `METHOD /path` with `{param}` placeholders, as an OpenAPI document names them.
 */
export interface EndpointContract {
  data: z.ZodType;
  status?: 200 | 201 | 202 | 204 | 302 | 303;
  summary: string;
  /**
   * The request as the route validates it: path parameters (an object keyed by the `{param}`
   * names; a plain string each when left out), query and body, the very schemas the route parses.
   */
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body's media type when it is not JSON (raw uploads, Stripe's signed webhook). */
  bodyMedia?: string;
  /**
   * A success answer that is not the JSON envelope: its media type (`data` then describes the
   * raw body, e.g. `z.string()` for a page or an event stream).
   */
  media?: string;
  /** The whole success body, for the few answers that are not `{ success, data, message? }`. */
  answer?: z.ZodType;
  /** Failure answers that are not the JSON envelope (a browser page's plain-text 404). */
  errorMedia?: string;
}
/** The request part of an endpoint's contract, for a `…Requests` table beside its endpoints. */
export type EndpointRequest = Pick<EndpointContract, 'params' | 'query' | 'body' | 'bodyMedia'>;

export type EndpointContracts = Record<
  `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`,
  EndpointContract
>;

/**
 * Checks an answer of the running service against its endpoint's contract: the success status and
 * the envelope around `data`. Throws naming the endpoint and every field that differs; returns the
 * parsed `data`.
 */
export function checkResponse<K extends string, E extends Record<K, EndpointContract>>(
  endpoints: E,
  key: K,
  answer: { status: number; body: unknown },
): z.output<E[K]['data']> {
  const contract: EndpointContract = endpoints[key];
  const status = contract.status ?? 200;
  if (answer.status !== status) {
    throw new Error(
      `${key} answered ${answer.status}, not ${status}: ${JSON.stringify(answer.body)}`,
    );
  }
  const parsed = apiSuccess(contract.data).safeParse(answer.body);
  if (!parsed.success)
    throw new Error(`${key} broke its contract:\n${z.prettifyError(parsed.error)}`);
  return parsed.data.data as z.output<E[K]['data']>;
}

export interface HealthReport {
  status: 'ok' | 'degraded' | 'down';
  service: string;
  checks: Record<string, { ok: boolean; error?: string }>;
}
