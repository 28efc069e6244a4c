import { z } from 'zod';

/** One field-level problem of a rejected request: `path` is dotted (`waypoints.1.lon`), '' for the whole input. */
export const validationIssue = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof validationIssue>;

/** `details` of a `validation_error`: every problem found (at most a few dozen). */
export const validationDetails = z.object({ issues: z.array(validationIssue) });
export type ValidationDetails = z.infer<typeof validationDetails>;

/**
 * The one error body of every API response with status ≥ 400:
 * `{ error: { code, message, details? } }`. `details` carries machine-readable extras, e.g.
 * `{ issues: ValidationIssue[] }` for `validation_error`, `{ reasons }` for `weak_password`,
 * `{ retryAfter }` for a rate limit.
 */
export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The single code for a request whose body, query or path parameters fail their schema. */
export const VALIDATION_ERROR = 'validation_error';
