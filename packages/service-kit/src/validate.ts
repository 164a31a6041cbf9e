import type { RequestHandler, Request } from 'express';
import { z } from 'zod';
import { AppError } from './errors';

/** Turns the first zod issue into a 400 that names the field. */
export function toAppError(error: z.ZodError, where: string): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || where;
  let message = issue?.message ?? 'Invalid input';
  if (issue?.code === 'invalid_type' && /received undefined/i.test(issue.message)) {
    message = 'is required';
  }
  return AppError.invalid(`${field}: ${message}`, field);
}

/** Parses a value against a schema or throws a 400 naming the field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, where = 'body'): z.infer<S> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw toAppError(r.error, where);
  return r.data;
}

interface Schemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

/**
 * Middleware validating body/query/params; parsed values replace the raw ones
 * (query is exposed on res.locals.query because Express 5 makes req.query read-only).
 */
export function validate(schemas: Schemas): RequestHandler {
  return (req, res, next) => {
    if (schemas.params)
      req.params = parse(schemas.params, req.params, 'params') as Request['params'];
    if (schemas.query) res.locals.query = parse(schemas.query, req.query, 'query');
    if (schemas.body) req.body = parse(schemas.body, req.body, 'body');
    next();
  };
}

/** Wraps an async handler so a rejected promise reaches the error middleware. */
export const handle =
  (
    fn: (req: Request, res: Parameters<RequestHandler>[1]) => Promise<unknown> | unknown,
  ): RequestHandler =>
  (req, res, next) => {
    Promise.resolve()
      .then(() => fn(req, res))
      .catch(next);
  };
