import { ApiError, api } from '@/lib/api-client';

export function call<T = Record<string, unknown>>(path: string, body?: unknown, method = 'POST'): Promise<T> {
  return api<T>(path, { method, ...(method === 'GET' || method === 'DELETE' ? {} : { body: body ?? {} }), toast: false, redirect: false });
}
export const get = <T>(path: string) => api<T>(path, { toast: false });

export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.status === 0 ? 'The server could not be reached.' : err.message;
  return err instanceof Error ? err.message : 'Something went wrong';
}

export interface AdminUser {
  id: string;
  email: string | null;
  phone: string | null;
  name: string;
  role: 'user' | 'admin';
  emailVerified: boolean;
  banned: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  factors: { id: string; friendlyName: string; status: string; createdAt: string }[];
}

export interface AccessRequest {
  id: string;
  name: string;
  email: string;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: string;
  decidedAt: string | null;
}

export const formatTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

export const selectClass =
  'h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30';
