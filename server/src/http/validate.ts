// The one way a route handler reads its input: a JSON body, the query string or the path
// parameters, each checked with a zod schema (usually one from @waymark/contracts).
import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError, rejectUnstorable, validationError } from './errors.ts';
import { findUnstorableText } from './text.ts';

export type InputSource = 'json' | 'query' | 'param';

const JSON_TYPE = /^application\/(.+\+)?json\b/i;
const DEFAULT_WHAT: Record<InputSource, string> = { json: 'request', query: 'query', param: 'path' };

/**
 * Parse `input` with `schema`; a mismatch is a 400 `validation_error` whose `details.issues`
 * lists `{ path, message }` per problem. Usable outside handlers (e.g. for one part of a body).
 */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown, what = 'request'): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success)
    throw validationError(
      what,
      r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    );
  return r.data;
}

/**
 * Read the body as JSON: a non-JSON Content-Type is a 415, malformed JSON a 400 `invalid_json`,
 * text PostgreSQL cannot store (NUL, lone surrogates) a 400 `validation_error`; never a 500.
 */
export async function readJson(c: Context): Promise<unknown> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
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

/**
 * Validate one input of a request with a schema and return the parsed value:
 * - `'json'`: the body (415 unless JSON, 400 `invalid_json` when malformed), asynchronously;
 * - `'query'`: the query string (first value of each key);
 * - `'param'`: the path parameters.
 * Failures are 400 `validation_error` with `details.issues`. `what` names the input in the message.
 *
 * Handlers call it where they need the value, after their guard, so a signed-out caller gets
 * its 401 before any 400 about the body.
 */
export function validate<S extends z.ZodType>(c: Context, source: 'json', schema: S, what?: string): Promise<z.output<S>>;
export function validate<S extends z.ZodType>(c: Context, source: 'query' | 'param', schema: S, what?: string): z.output<S>;
export function validate<S extends z.ZodType>(
  c: Context,
  source: InputSource,
  schema: S,
  what = DEFAULT_WHAT[source],
): z.output<S> | Promise<z.output<S>> {
  if (source === 'json') return readJson(c).then((body) => parseOr400(schema, body, what));
  return parseOr400(schema, source === 'query' ? c.req.query() : c.req.param(), what);
}
