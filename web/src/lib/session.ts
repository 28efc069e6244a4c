import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, SESSION_PATH, api } from './api-client';
import { emitAuthEvent } from './auth-events';

export const sessionUserSchema = z.looseObject({
  id: z.string(),
  email: z.string().nullable().default(null),
  phone: z.string().nullish(),
  name: z.string().default(''),
  role: z
    .string()
    .nullish()
    .transform((r): 'user' | 'admin' => (r === 'admin' ? 'admin' : 'user')),
  image: z.string().nullish(),
});

export const sessionSchema = z.looseObject({
  user: sessionUserSchema,
  session: z.looseObject({ id: z.string().optional(), expiresAt: z.union([z.string(), z.number()]).optional() }).default({}),
});

/** The probe's answer: signed out is `{ user: null, session: null }` with status 200 (no console error). */
const probeSchema = z.union([sessionSchema, z.looseObject({ user: z.null(), session: z.null().optional() }).transform(() => null)]);

export type SessionUser = z.infer<typeof sessionUserSchema>;
export type Session = z.infer<typeof sessionSchema>;

export const sessionQueryKey = ['auth', 'session'] as const;

/** The current session: GET /api/_auth/session; a 401 means "signed out" and resolves to null. */
export async function fetchSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    return await api(SESSION_PATH, { signal, schema: probeSchema, toast: false, redirect: false });
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 404)) return null;
    throw err;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: 60_000,
  retry: false,
});

/** The signed-in session, or null when signed out (undefined while loading). */
export function useSession() {
  return useQuery(sessionQueryOptions);
}

/** Sign out: DELETE /api/_auth/session (401/403/404 ignored) and forget the cached session. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await api(SESSION_PATH, { method: 'DELETE', toast: false, redirect: false });
  } catch (err) {
    if (!(err instanceof ApiError) || ![401, 403, 404].includes(err.status)) throw err;
  }
  queryClient.setQueryData(sessionQueryKey, null);
  emitAuthEvent('SIGNED_OUT');
  await queryClient.invalidateQueries();
}
