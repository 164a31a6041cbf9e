import type { z } from 'zod';

/**
 * The body a route takes, from the contract schema it parses with: what the schema takes in
 * (`z.input`). A schema that first normalises whatever it is sent (a `z.preprocess`, e.g. the
 * snake_case and camelCase spellings of exchange's bodies) takes in `unknown`; its body is then
 * the shape it normalises to, which it accepts as it is.
 *
 * Types only: the web app bundles nothing of contracts or zod.
 */
export type RequestBody<S extends z.ZodType> =
  unknown extends z.input<S> ? z.output<S> : z.input<S>;
