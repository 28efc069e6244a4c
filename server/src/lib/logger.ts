import pino from 'pino';

export type Logger = pino.Logger;

/** Structured JSON logs on stdout. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'waymark' }, timestamp: pino.stdTimeFunctions.isoTime });
}
