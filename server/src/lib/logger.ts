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

/**
 * Structured JSON logs on stdout.
 *
 * Written asynchronously: a line is handed to the next `write()` of stdout instead of a blocking
 * `writeSync()` per line (one system call per request was ~4 % of a small request's CPU). At low
 * load every line still leaves at once (nothing waits for a batch to fill); under load the lines
 * written while one write is in flight go out together in the next. pino flushes what is buffered
 * synchronously when the process exits (also on `process.exit()` and an uncaught exception).
 */
export function createLogger(level: string, dest: number | string = 1): Logger {
  return pino(
    { level, base: { service: 'waymark' }, timestamp: cachedIsoTime() },
    pino.destination({ dest, sync: false, minLength: 0, maxLength: MAX_BUFFERED }),
  );
}
