// Shared pieces of the property-based API fuzz tests (not a test file itself): odd text, arbitrary
// JSON, random query strings, and the per-response check (no 5xx, the one error shape, no secret).
import fc from 'fast-check';
import { expect } from 'vitest';
import type { SignedInTestUser, TestApp } from './app.ts';

/** encodeURIComponent, except that a lone surrogate goes out as its raw (invalid UTF-8) bytes instead of throwing. */
export function uriPart(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80';
  }
}

/** An optional key: the value or `undefined` (left out of a record). */
export const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

/** Strings every API fuzz tries (empty, NUL, a lone surrogate, escapes, emoji, JSON-looking text). */
const COMMON_ODD_TEXT = ['', ' ', '\u0000', '\ud800', '%', '\\', '🏔️', 'null', '{}'];

/** The common odd strings plus the endpoint group's own (its enum words, long text, separators). */
export const oddTextOf = (...extra: string[]) => fc.constantFrom(...COMMON_ODD_TEXT, ...extra);

/** Any JSON-ish body: JSON values, odd text, null, arrays of anything, objects with odd keys and values. */
export const anyJsonOf = (oddText: fc.Arbitrary<string>) =>
  fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue(),
    oddText,
    fc.constant(null),
    fc.array(fc.anything(), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), oddText), fc.oneof(fc.jsonValue(), oddText), { maxKeys: 6 }),
  );

/** Random query strings over `keys` (`k=v&…`, values URI-encoded; lone surrogates as raw bytes). */
export const queryStringOf = (keys: string[], value: fc.Arbitrary<string>, maxKeys: number) =>
  fc.dictionary(fc.constantFrom(...keys), value, { maxKeys }).map((d) =>
    Object.entries(d)
      .map(([k, v]) => `${k}=${uriPart(v)}`)
      .join('&'),
  );

export interface FuzzChecks {
  /** Statuses seen per group (`group → status → count`), for the log line at the end. */
  seen: Record<string, Record<number, number>>;
  /** No 5xx, the secret never in the answer, and every 4xx the one error shape. */
  check(group: string, res: Response): Promise<void>;
  /** A JSON request as the fuzzing user (`undefined` → no body; anything else as its JSON text, `null` for what JSON cannot hold). */
  send(method: string, path: string, body?: unknown): Promise<Response>;
}

/**
 * The checks one API fuzz runs on every response. `app` and `as` are read at call time (they are
 * set in `beforeAll`). `revealed` names what the secret marks, for the failure message;
 * `onlyErrorKey` also asserts the error body has no key besides `error`.
 */
export function fuzzChecks(opts: {
  app: () => TestApp;
  as: () => SignedInTestUser;
  secret: string;
  revealed: string;
  onlyErrorKey?: boolean;
}): FuzzChecks {
  const seen: Record<string, Record<number, number>> = {};
  return {
    seen,
    async check(group, res) {
      (seen[group] ??= {})[res.status] = (seen[group][res.status] ?? 0) + 1;
      const text = await res.text();
      expect(res.status, `${group}: ${text.slice(0, 300)}`).toBeLessThan(500);
      expect(text.includes(opts.secret), `${group} revealed ${opts.revealed}`).toBe(false);
      if (res.status >= 400) {
        const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
        if (opts.onlyErrorKey) expect(Object.keys(body)).toEqual(['error']);
        expect(typeof body.error?.code).toBe('string');
        expect(typeof body.error?.message).toBe('string');
      }
    },
    send: (method, path, body) =>
      opts.app().json(method, path, body === undefined ? undefined : (JSON.stringify(body) ?? 'null'), opts.as().headers),
  };
}
