import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '@waymark/contracts';
import { VALIDATION_ERROR, type ValidationIssue } from '@waymark/contracts';
import type { z } from 'zod';
import { UNSTORABLE_TEXT } from './text.ts';

/** A typed error that maps to `{ error: { code, message, details? } }` with an HTTP status. */
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

/** The one error body: `{ error: { code, message, details? } }` (details nested, only when there are some). */
export function errorBody(code: string, message: string, details?: Record<string, unknown>): ErrorBody {
  return { error: { code, message, ...(details !== undefined ? { details } : {}) } };
}

/** The one error body as a JSON response without a Hono context (the app's request pipeline, app.ts): what `c.json` builds. */
export function errorJson(status: number, body: ErrorBody, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: headers ? { 'Content-Type': 'application/json', ...headers } : { 'Content-Type': 'application/json' },
  });
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

/** At most this many issues are listed in `details.issues`. */
const MAX_ISSUES = 50;

/**
 * A 400 `validation_error` for `what` ("request", "query", …): the message lists the first
 * problems, `details.issues` all of them (up to 50) as `{ path, message }`.
 */
export function validationError(what: string, issues: ValidationIssue[]): HttpError {
  const summary = issues
    .slice(0, 5)
    .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
    .join('; ');
  return new HttpError(400, VALIDATION_ERROR, `Invalid ${what}: ${summary}`, { issues: issues.slice(0, MAX_ISSUES) });
}

/** A 400 `validation_error` with a message of its own (a rule no schema expresses), as one issue at `path`. */
export function invalidInput(message: string, path = ''): HttpError {
  return new HttpError(400, VALIDATION_ERROR, message, { issues: [{ path, message }] });
}

/** A 400 `validation_error` naming the text field that PostgreSQL could not store as sent. */
export function rejectUnstorable(path: string | null, what: string) {
  if (path === null) return;
  throw validationError(what, [{ path, message: UNSTORABLE_TEXT }]);
}
