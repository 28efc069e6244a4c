import type { Context } from 'hono';
import { z } from 'zod';
import { HttpError, invalidInput, validationError } from '../http/errors.ts';
import { parseOr400, readJson } from '../http/validate.ts';
import { passwordWeaknesses, weakPasswordMessage } from './password-policy.ts';

export const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be a valid email address'))
  .transform((s) => s.toLowerCase());

/** Phone numbers in E.164 after removing spaces, dots, dashes and parentheses. */
export const phoneSchema = z
  .string()
  .max(32, 'must be at most 32 characters')
  .transform((s) => s.replace(/[\s().-]/g, ''))
  .refine((s) => /^\+[1-9]\d{6,14}$/.test(s), 'must be a phone number in international format, e.g. +447700900123');

/** Password as typed: only a type and an upper bound here; the policy decides strength. */
export const passwordInput = z.string().max(1024, 'must be at most 1024 characters');
export const nameSchema = z.string().trim().max(100, 'must be at most 100 characters');
export const tokenSchema = z.string().min(1, 'is required').max(200, 'must be at most 200 characters');
export const codeSchema = z
  .string()
  .trim()
  .max(32, 'must be at most 32 characters')
  .min(1, 'is required');
export const uuidSchema = z.uuid('must be a UUID');

/** Read a JSON object body and validate it (415/400 on wrong content type or JSON, 400 on shape). */
export async function body<T extends z.ZodType>(c: Context, schema: T, what = 'request body'): Promise<z.infer<T>> {
  const raw = await readJson(c);
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw validationError(what, [{ path: '', message: 'expected a JSON object' }]);
  }
  return parseOr400(schema, raw, what);
}

export function param(c: Context, name: string): string {
  const v = c.req.param(name) ?? '';
  const r = uuidSchema.safeParse(v);
  if (!r.success) throw invalidInput(`Invalid ${name}: must be a UUID`, name);
  return r.data;
}

/** Enforce the password policy; 422 weak_password with reasons. */
export function assertStrongPassword(password: string, context: (string | null | undefined)[] = []) {
  const reasons = passwordWeaknesses(password, context.filter((s): s is string => Boolean(s)));
  if (reasons.length) throw new HttpError(422, 'weak_password', weakPasswordMessage(reasons), { reasons });
}

export function missingCredentials(): HttpError {
  return invalidInput(MISSING_CREDENTIALS);
}
