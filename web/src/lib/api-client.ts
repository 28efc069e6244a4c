import { toast } from 'sonner';
import type { ZodType } from 'zod';
import { errorBody, validationDetails, type ValidationIssue } from '@waymark/contracts/errors';

/**
 * An HTTP error from the API, parsed from the server's `{ error: { code, message, details? } }` body
 * (`@waymark/contracts` errorBody). `status` 0 is a network failure. `details` are the server's
 * machine-readable extras, e.g. `{ issues }` of a `validation_error` or `{ reasons }` of a
 * `weak_password`; for `invalid_response` they hold the response's `{ issues }`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** The field-level problems of a `validation_error` (or `invalid_response`); empty otherwise. */
  get issues(): ValidationIssue[] {
    return validationDetails.safeParse(this.details).data?.issues ?? [];
  }
}

export interface ApiInit<T> {
  method?: string;
  /** A plain value is sent as JSON; FormData, Blob, URLSearchParams and strings are sent as they are. */
  body?: unknown;
  signal?: AbortSignal;
  /** Validates the JSON response; a mismatch throws ApiError(status, 'invalid_response'). */
  schema?: ZodType<T>;
  headers?: Record<string, string>;
  /** Show an error toast for unexpected failures (network, 5xx, invalid response). Default true. */
  toast?: boolean;
  /** Navigate to /login on 401 and /403 on 403. Default true (never for the session probe). */
  redirect?: boolean;
  /** Retry network failures (not HTTP errors) up to 3 times. Default true. */
  retry?: boolean;
}

export const SESSION_PATH = '/api/_auth/session';
export const MAX_RETRIES = 3;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Navigate = (href: string) => void;
let navigateImpl: Navigate = (href) => window.location.assign(href);
let sleepImpl = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Lets the app route 401/403 redirects through the client router instead of a full page load. */
export function configureApiClient(opts: { navigate?: Navigate; sleep?: (ms: number) => Promise<void> }) {
  if (opts.navigate) navigateImpl = opts.navigate;
  if (opts.sleep) sleepImpl = opts.sleep;
}

/** The csrf token the server's auth module puts into `<meta name="csrf-token">`. */
export function csrfToken(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content || null;
}

/** Back-off before retry n (1-based): 200, 400, 800 ms. */
export const retryDelay = (attempt: number) => 200 * 2 ** (attempt - 1);

function isNetworkError(err: unknown): boolean {
  return err instanceof TypeError || (err instanceof Error && err.name === 'NetworkError');
}

function currentLocation(): string {
  return `${window.location.pathname}${window.location.search}`;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    typeof body === 'string' ||
    body instanceof ArrayBuffer
  ) {
    return body as BodyInit;
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function parseError(res: Response): Promise<ApiError> {
  let code = `http_${res.status}`;
  let message = res.statusText || `Request failed with status ${res.status}`;
  let details: Record<string, unknown> | undefined;
  try {
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      if (text && text.length < 300) message = text;
    }
    const body = errorBody.safeParse(json);
    if (body.success) ({ code, message, details } = body.data.error);
  } catch {
    /* body unreadable: keep the status text */
  }
  return new ApiError(res.status, code, message, details);
}

function notify(title: string, description?: string) {
  toast.error(title, description ? { description } : undefined);
}

/**
 * The one JSON fetch client of the app: same-origin cookies, csrf header on unsafe methods,
 * up to 3 retries on network failure only, 401 → /login?redirect=…, 403 → /403, typed errors,
 * error toasts for unexpected failures.
 */
export async function api<T = unknown>(path: string, init: ApiInit<T> = {}): Promise<T> {
  return request(path, init, false);
}

function pathnameOf(path: string): string {
  try {
    return new URL(path, window.location.origin).pathname;
  } catch {
    return path.split('?')[0] ?? path;
  }
}

/** Fetch a fresh csrf token (GET /api/_auth/csrf) into the meta tag; true when it worked. */
export async function refreshCsrfToken(path: string): Promise<boolean> {
  try {
    const url = new URL('/api/_auth/csrf', new URL(path, window.location.origin));
    const res = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (!res.ok) return false;
    const { token } = (await res.json()) as { token?: unknown };
    if (typeof token !== 'string' || !token) return false;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'csrf-token';
      document.head.appendChild(meta);
    }
    meta.content = token;
    return true;
  } catch {
    return false;
  }
}

async function request<T>(path: string, init: ApiInit<T>, csrfRetried: boolean): Promise<T> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (!SAFE_METHODS.has(method)) {
    const token = csrfToken();
    if (token) headers.set('X-CSRF-Token', token);
  }
  const body = encodeBody(init.body, headers);
  const wantToast = init.toast !== false;
  const isSessionProbe = pathnameOf(path) === SESSION_PATH;

  let res: Response | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      res = await fetch(path, { method, headers, body, signal: init.signal, credentials: 'same-origin' });
      break;
    } catch (err) {
      if (init.signal?.aborted) throw err;
      if (!isNetworkError(err) || init.retry === false || attempt >= MAX_RETRIES) {
        if (wantToast) notify('Network error', 'The server could not be reached. Check your connection and try again.');
        throw new ApiError(0, 'network_error', err instanceof Error ? err.message : 'Network request failed');
      }
      await sleepImpl(retryDelay(attempt + 1));
    }
  }

  if (!res.ok) {
    const error = await parseError(res);
    // A page served from the offline cache may carry an outdated token: fetch a fresh one, retry once.
    if (res.status === 403 && error.code === 'csrf_token_invalid' && !csrfRetried && (await refreshCsrfToken(path))) {
      return request(path, init, true);
    }
    const redirect = init.redirect !== false && !isSessionProbe;
    if (res.status === 401 && redirect) {
      const here = currentLocation();
      if (!window.location.pathname.startsWith('/login')) navigateImpl(`/login?redirect=${encodeURIComponent(here)}`);
    } else if (res.status === 403 && redirect) {
      navigateImpl('/403');
    } else if (res.status >= 500 && wantToast) {
      notify('Something went wrong', error.message);
    }
    throw error;
  }

  if (res.status === 204 || method === 'HEAD') return undefined as T;
  const type = res.headers.get('Content-Type') ?? '';
  let data: unknown;
  if (type.includes('json')) data = await res.json();
  else data = await res.text();
  if (init.schema) {
    const parsed = init.schema.safeParse(data);
    if (!parsed.success) {
      if (wantToast) notify('Unexpected response', `The server answered ${path} in an unexpected shape.`);
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      throw new ApiError(res.status, 'invalid_response', `Unexpected response from ${path}`, { issues });
    }
    return parsed.data;
  }
  return data as T;
}
