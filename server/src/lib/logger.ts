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

/** Lines wait until this much is gathered (UTF-16 code units, ~bytes for log lines; sonic-boom's largest write)… */
const BATCH_CHARS = 16 * 1024;
/** …or at most this long (ms), so a quiet server's lines still show soon to a reader. */
const FLUSH_MS = 100;

/** The part of sonic-boom (`pino.destination`) a `LineBatch` hands its batches to. */
interface Sink {
  write(data: string): boolean;
  flush(cb?: (err?: Error) => void): void;
  flushSync(): void;
}

/**
 * A log destination that gathers lines and hands them to sonic-boom (`pino.destination`) a batch at
 * a time: when `batchChars` have gathered, or `flushMs` after the first line of a batch, whichever
 * comes first. sonic-boom's own batching (`minLength`) measures the UTF-8 length of everything it
 * has gathered on every write (`Buffer.byteLength` of a string of up to 4 KB: a flatten and a scan
 * per line, ~5 % of a small request's CPU in a `perf` profile of `GET /api/regions`); here a line
 * costs a string append, and sonic-boom sees one write per batch.
 */
export class LineBatch {
  private pending = '';
  /** UTF-16 code units of `pending`: a batch boundary, not a byte count. */
  private size = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sink: Sink,
    private readonly batchChars = BATCH_CHARS,
    private readonly flushMs = FLUSH_MS,
  ) {}

  write(line: string): boolean {
    this.pending += line;
    this.size += line.length;
    if (this.size >= this.batchChars) this.hand();
    else if (this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.hand();
      }, this.flushMs);
      this.timer.unref();
    }
    return true;
  }

  /** Hand what has gathered to the sink (which writes it asynchronously). */
  private hand() {
    if (this.size === 0) return;
    const batch = this.pending;
    this.pending = '';
    this.size = 0;
    this.sink.write(batch);
  }

  /** Every line so far handed on; `cb` once the sink has written them (pino's `logger.flush`). */
  flush(cb?: (err?: Error) => void) {
    this.hand();
    this.sink.flush(cb);
  }

  /** Every line so far written before this returns (at exit). */
  flushSync() {
    this.hand();
    this.sink.flushSync();
  }
}

/** The batches of every logger made here, written out synchronously when the process exits. */
const batches = new Set<WeakRef<LineBatch>>();
function flushAtExit(batch: LineBatch) {
  if (batches.size === 0)
    process.once('exit', () => {
      for (const ref of batches) {
        try {
          ref.deref()?.flushSync();
        } catch {
          /* a destination that was closed or never opened */
        }
      }
    });
  batches.add(new WeakRef(batch));
}

/**
 * Structured JSON logs on stdout.
 *
 * Batched: a `write()` system call per log line (pino's default, synchronous) cost 7–9 % of a
 * small request's CPU in the bench:server profiles (the `writeString` frames; an asynchronous write
 * per line costs the same: one write and a thread-pool hand-off each). Lines are written when 16 KB
 * have gathered (about 80 request lines) or 100 ms after the first of them, whichever comes first
 * (`LineBatch`, then sonic-boom's asynchronous write). Everything gathered is written synchronously
 * when the process exits (`process.exit()`, an uncaught exception, a signal handled by main.ts); a
 * process killed outright (SIGKILL, out of memory) loses at most the last 100 ms of lines. A stdout
 * that stops reading makes lines beyond 16 MB drop, not the server stall.
 */
export function createLogger(level: string, dest: number | string = 1): Logger {
  const time = cachedIsoTime();
  // minLength 1: every batch is written at once (0 would do the same, but makes `flush(cb)` call
  // back before the write is done).
  const sink = pino.destination({ dest, sync: false, minLength: 1, maxLength: MAX_BUFFERED });
  const stream = new LineBatch(sink);
  flushAtExit(stream);
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
 * `JSON.stringify(s)` for a string: the same text, without the call into the runtime for a string
 * that needs no escaping (no `"`, `\`, control character or surrogate — a request id, a method, a
 * plain path), which is checked here in JavaScript.
 */
export function jsonString(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || c >= 0xd800) return JSON.stringify(s);
  }
  return `"${s}"`;
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
      `{"level":${INFO}${time()},"service":"${SERVICE}","reqId":${jsonString(e.reqId)},"method":${jsonString(e.method)},"path":${jsonString(e.path)},"status":${e.status},"ms":${e.ms},"msg":"request"}\n`,
    );
  };
}
