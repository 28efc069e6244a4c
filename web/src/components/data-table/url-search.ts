import { useCallback } from 'react';
import { z } from 'zod';

/** An optional search param whose invalid value is dropped (the table falls back to its default). */
export const dropInvalid = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/**
 * The validated search params of a data table kept in the URL (see useTableUrlState): `q`, the
 * page's faceted filters, `sort` (one of `sorts`) + `order`, `page`, `pageSize`, then `extra`
 * (such as `hide`). Every param is optional and an invalid one is dropped.
 */
export function tableSearchSchema<
  F extends z.ZodRawShape,
  const S extends readonly [string, ...string[]],
  E extends z.ZodRawShape = Record<never, never>,
>(filters: F, sorts: S, extra?: E) {
  return z.object({
    q: dropInvalid(z.string().max(100)),
    ...filters,
    sort: dropInvalid(z.enum(sorts)),
    order: dropInvalid(z.enum(['asc', 'desc'])),
    page: dropInvalid(z.number().int().min(1).max(100_000)),
    pageSize: dropInvalid(z.union([z.literal(10), z.literal(20), z.literal(30), z.literal(50)])),
    ...(extra as E),
  });
}

/**
 * The `navigate` a table page takes, from a route's own navigate: each update replaces the search
 * params (no new history entry).
 */
export function useReplaceSearch<S>(navigate: (options: never) => unknown) {
  return useCallback((fn: (prev: S) => S) => void navigate({ search: (prev: S) => fn(prev), replace: true } as never), [navigate]);
}
