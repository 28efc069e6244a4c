import pino from 'pino';

export type Logger = pino.Logger;

/**
 * pino's `isoTime`, formatted at most once per millisecond: under load several log lines share a
 * millisecond, and `toISOString()` was a measurable part of a small request (bench:server profile).
 */
export function cachedIsoTime(now: () => number = Date.now): () => string {
  let lastMs = Number.NaN;
  let last = '';
  return () => {
    const ms = now();
    if (ms !== lastMs) {
      lastMs = ms;
      last = `,"time":"${new Date(ms).toISOString()}"`;
    }
    return last;
  };
}

/** At most this much log output waits in memory for a slow stdout; beyond it lines are dropped, not the server. */
const MAX_BUFFERED = 16 * 1024 * 1024;

/** Lines wait until this much is buffered… */
const BATCH_BYTES = 4096;
/** …or at most this long (ms), so a quiet server's lines still show at once to a reader. */
const FLUSH_MS = 100;

/**
 * Structured JSON logs on stdout.
 *
 * Buffered: a `write()` system call per log line (pino's default, synchronous) cost 7–9 % of a
 * small request's CPU in the bench:server profiles (the `writeString` frames; an asynchronous write
 * per line costs the same: one write and a thread-pool hand-off each). Lines are written when 4 KB
 * have gathered (about 15 request lines) or after 100 ms, whichever comes first. pino flushes the
 * buffer synchronously when the process exits (`process.exit()`, an uncaught exception, a signal
 * handled by main.ts); a process killed outright (SIGKILL, out of memory) loses at most the last
 * 100 ms of lines. A stdout that stops reading makes lines beyond 16 MB drop, not the server stall.
 */
export function createLogger(level: string, dest: number | string = 1): Logger {
  return pino(
    { level, base: { service: 'waymark' }, timestamp: cachedIsoTime() },
    pino.destination({ dest, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_MS, maxLength: MAX_BUFFERED }),
  );
}
