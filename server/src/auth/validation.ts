import type { Context } from 'hono';
import type { z } from 'zod';
import { MISSING_CREDENTIALS, uuidSchema } from '@waymark/contracts';
import { HttpError, invalidInput, validationError } from '../http/errors.ts';
import { parseOr400, readJson } from '../http/validate.ts';
import { passwordWeaknesses, weakPasswordMessage } from './password-policy.ts';

export {
  MISSING_CREDENTIALS,
  codeSchema,
  emailSchema,
  nameSchema,
  passwordInput,
  phoneSchema,
  tokenSchema,
  uuidSchema,
} from '@waymark/contracts';

/** Read a JSON object body and validate it (415/400 on wrong content type or JSON, 400 `validation_error` on shape). */
export async function body<T extends z.ZodType>(c: Context, schema: T, what = 'request body'): Promise<z.infer<T>> {
  const raw = await readJson(c);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw validationError(what, [{ path: '', message: 'expected a JSON object' }]);
  }
  return parseOr400(schema, raw, what);
}

/** Validate a query string with a schema (400 `validation_error`). */
export function query<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return parseOr400(schema, c.req.query(), 'query');
}

/**
 * A UUID path parameter, normalised to lower case at the edge, so that every comparison with an id
 * read from the database (e.g. "is this my own account?") sees one spelling. 400 `validation_error` otherwise.
 */
export function param(c: Context, name: string): string {
  const v = c.req.param(name) ?? '';
  const r = uuidSchema.safeParse(v);
  if (!r.success) throw invalidInput(`Invalid ${name}: must be a UUID`, name);
  return r.data;
}

/** Enforce the password policy; 422 weak_password with reasons. */
export function assertStrongPassword(password: string, context: (string | null | undefined)[] = []) {
  const reasons = passwordWeaknesses(
    password,
    context.filter((s): s is string => Boolean(s)),
  );
  if (reasons.length) throw new HttpError(422, 'weak_password', weakPasswordMessage(reasons), { reasons });
}

/** 400 `validation_error` with the exact sentence of SPEC.md when an identifier or the password is missing. */
export function missingCredentials(): HttpError {
  return invalidInput(MISSING_CREDENTIALS);
}

/** True for PostgreSQL's unique_violation (a concurrent request inserted the same key first). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}
