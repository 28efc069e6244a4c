import { useEffect } from 'react';
import { useSession } from '@/lib/session';

const SIGNED_IN_KEY = 'waymark.planner.signed-in';

function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberSignedIn(v: boolean) {
  try {
    localStorage.setItem(SIGNED_IN_KEY, v ? '1' : '0');
  } catch {
    /* storage disabled */
  }
}

/** Whether someone is signed in. Offline the session cannot be checked: the last answer is trusted, so saves can be queued. */
export function useSignedIn(): boolean {
  const session = useSession();
  useEffect(() => {
    if (session.data !== undefined) rememberSignedIn(!!session.data);
  }, [session.data]);
  return session.data ? true : session.data === null ? false : wasSignedIn();
}
