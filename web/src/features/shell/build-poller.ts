import { buildInfo } from '@waymark/contracts/health';

/**
 * New deploys are detected by polling GET /builds/latest.json ({ id, timestamp }) every 5 minutes
 * and whenever the tab regains focus or becomes visible, comparing the id with the one seen at
 * start. (SPEC §9 leaves the interval open; 5 minutes is ours — see docs/shell.md.)
 */
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000;
/** Focus events closer together than this do not trigger another request. */
export const BUILD_POLL_MIN_GAP_MS = 30_000;

export async function fetchBuildId(fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetcher('/builds/latest.json', { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!res.ok) return null;
    const body = buildInfo.safeParse(await res.json());
    return body.success && body.data.id ? body.data.id : null;
  } catch {
    return null;
  }
}

/** Start polling; `onNewBuild` is called once when the served build differs from the first one seen. */
export function startBuildPolling(
  onNewBuild: (id: string) => void,
  opts: { intervalMs?: number; fetcher?: typeof fetch } = {},
): () => void {
  const interval = opts.intervalMs ?? BUILD_POLL_INTERVAL_MS;
  let initial: string | null = null;
  let notified = false;
  let lastCheck = 0;
  let stopped = false;

  const check = async () => {
    if (stopped || notified) return;
    lastCheck = Date.now();
    const id = await fetchBuildId(opts.fetcher);
    if (!id || stopped) return;
    if (initial === null) initial = id;
    else if (id !== initial) {
      notified = true;
      onNewBuild(id);
    }
  };
  const onWake = () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > BUILD_POLL_MIN_GAP_MS) void check();
  };

  void check();
  const timer = setInterval(() => void check(), interval);
  window.addEventListener('focus', onWake);
  document.addEventListener('visibilitychange', onWake);
  return () => {
    stopped = true;
    clearInterval(timer);
    window.removeEventListener('focus', onWake);
    document.removeEventListener('visibilitychange', onWake);
  };
}
