import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type z } from 'zod';
import { UNSTORABLE_TEXT, findUnstorableText } from './text.ts';

/** A typed error that maps to `{ error: { code, message } }` with an HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'bad_request', details?: Record<string, unknown>) =>
  new HttpError(400, code, message, details);
export const notFound = (message = 'Not found', code = 'not_found') => new HttpError(404, code, message);
export const forbidden = (message = 'Forbidden', code = 'forbidden') => new HttpError(403, code, message);
export const unauthorized = (message = 'Sign in required', code = 'unauthorized') => new HttpError(401, code, message);

export function errorBody(code: string, message: string, details?: Record<string, unknown>) {
  return { error: { code, message, ...(details ?? {}) } };
}

export function jsonError(c: Context, status: ContentfulStatusCode, code: string, message: string, details?: Record<string, unknown>) {
  return c.json(errorBody(code, message, details), status);
}

/** Human-readable one-line summary of a zod error: "email: Invalid email address; name: Required". */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** Parse unknown input with a schema, throwing a 400 `validation_error` HttpError on failure. */
export function parseOr400<T extends z.ZodType>(schema: T, input: unknown, what = 'request'): z.infer<T> {
  const r = schema.safeParse(input);
  if (!r.success) {
    throw new HttpError(400, 'validation_error', `Invalid ${what}: ${describeZodError(r.error)}`, {
      issues: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return r.data;
}

/** Read a JSON body; malformed JSON or a wrong content type is a 400/415, never a 500. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'Expected a JSON body (Content-Type: application/json)');
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON');
  }
  rejectUnstorable(findUnstorableText(body), 'request');
  return body;
}

/** A 400 `validation_error` naming the text field that PostgreSQL could not store as sent. */
export function rejectUnstorable(path: string | null, what: string) {
  if (path === null) return;
  const message = path ? `${path}: ${UNSTORABLE_TEXT}` : UNSTORABLE_TEXT;
  throw new HttpError(400, 'validation_error', `Invalid ${what}: ${message}`, { issues: [{ path, message: UNSTORABLE_TEXT }] });
}
