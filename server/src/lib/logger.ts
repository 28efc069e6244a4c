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
  const time = cachedIsoTime();
  const stream = pino.destination({ dest, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_MS, maxLength: MAX_BUFFERED });
  const logger = pino({ level, base: { service: SERVICE }, timestamp: time }, stream);
  direct.set(logger, { stream, time });
  return logger;
}

const SERVICE = 'waymark';
const INFO = 30;

/** The destination and clock of each logger made by `createLogger`, for `requestLogger`. */
const direct = new WeakMap<Logger, { stream: { write(line: string): unknown }; time: () => string }>();

/** What the request log says about one request (one line per request: the log's contract). */
export interface RequestEntry {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/**
 * `(entry) => log.info(entry, 'request')`, for the one line per request. For a logger made by
 * `createLogger` the line — the very same JSON pino writes for that call — is put together here and
 * handed to the same destination (same batching, same order as every other line): pino's general
 * serialisation of the call was ~2 % of a small request's CPU (bench:server profiles). Other loggers
 * (tests' own, children) go through pino as usual.
 */
export function requestLogger(log: Logger): (entry: RequestEntry) => void {
  const d = direct.get(log);
  if (!d) return (entry) => log.info(entry, 'request');
  const { stream, time } = d;
  return (e) => {
    if (log.levelVal > INFO) return;
    stream.write(
      `{"level":${INFO}${time()},"service":"${SERVICE}","reqId":${JSON.stringify(e.reqId)},"method":${JSON.stringify(e.method)},"path":${JSON.stringify(e.path)},"status":${e.status},"ms":${e.ms},"msg":"request"}\n`,
    );
  };
}
