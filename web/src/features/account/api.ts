import { ApiError, api } from '@/lib/api-client';

export function call<T = Record<string, unknown>>(path: string, body?: unknown, method = 'POST'): Promise<T> {
  return api<T>(path, { method, ...(method === 'GET' || method === 'DELETE' ? {} : { body: body ?? {} }), toast: false, redirect: false });
}

export const get = <T>(path: string) => api<T>(path, { toast: false });

export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.status === 0 ? 'The server could not be reached.' : err.message;
  return err instanceof Error ? err.message : 'Something went wrong';
}

export const needsReauth = (err: unknown) => err instanceof ApiError && err.code === 'reauthentication_needed';

export interface Factor {
  id: string;
  factorType: 'totp';
  friendlyName: string;
  status: 'verified' | 'unverified';
  createdAt: string;
}

export interface AccountUser {
  id: string;
  email: string | null;
  phone: string | null;
  name: string;
  role: string;
  emailVerified: boolean;
  phoneVerified: boolean;
  factors: Factor[];
}

export interface SessionRow {
  id: string;
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  remember: boolean;
  method: string;
  current: boolean;
}

export const formatTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
