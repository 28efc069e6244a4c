// What the user reads when a request fails: one place turns an ApiError (or any error) into text.
import { ApiError } from './api-client';

/** True for a failure to reach the server (offline, DNS, refused), as opposed to an answer. */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

/**
 * A sentence for the user: the server's own message for answers it gave (they are written for
 * people, e.g. "Invalid route: name: a name is required"), a fixed text for network failures and
 * answers the client could not read.
 */
export function errorMessage(err: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return 'The server could not be reached. Check your connection and try again.';
    if (err.code === 'invalid_response') return 'The server answered in an unexpected way. Reload the page and try again.';
    return err.message || fallback;
  }
  if (err instanceof DOMException && err.name === 'AbortError') return 'The request was cancelled.';
  return err instanceof Error && err.message ? err.message : fallback;
}

/** The message for one field of a rejected form (`path` as the server names it, e.g. "name"), or undefined. */
export function fieldError(err: unknown, path: string): string | undefined {
  return err instanceof ApiError ? err.issues.find((i) => i.path === path || i.path.startsWith(`${path}.`))?.message : undefined;
}
