import type { AuthEvent } from '@waymark/contracts';

export type { AuthEvent } from '@waymark/contracts';

type Listener = (event: AuthEvent) => void;
const CHANNEL = 'waymark-auth';
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function ensureChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel;
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<{ event?: AuthEvent }>) => {
    if (e.data?.event) for (const l of listeners) l(e.data.event);
  };
  return channel;
}

/**
 * Announce an auth event (SPEC.md §4: SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, USER_UPDATED,
 * PASSWORD_RECOVERY, MFA_CHALLENGE_VERIFIED) to this tab's listeners and to every other tab of the app.
 */
export function emitAuthEvent(event: AuthEvent) {
  for (const l of listeners) l(event);
  ensureChannel()?.postMessage({ event });
}

/** Listen to auth events from this tab and the others; returns the unsubscribe function. */
export function onAuthEvent(listener: Listener): () => void {
  ensureChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
