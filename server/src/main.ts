import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError } from './db/lock.ts';
import { createLogger } from './lib/logger.ts';

/** Process entry: validate config, start, and shut down gracefully on SIGTERM/SIGINT. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  let running;
  try {
    // loaded once the configuration is valid: a bad value exits before the server's modules load
    const { startServer } = await import('./server.ts');
    running = await startServer(config, { logger });
  } catch (err) {
    const e = err as Error;
    const known = err instanceof DataDirInUseError || /already in use|ECONNREFUSED|password authentication|does not exist/.test(e.message);
    process.stderr.write(`Waymark could not start: ${e.message}\n`);
    if (!known) logger.error({ err: { message: e.message, stack: e.stack } }, 'start-up failed');
    process.exit(1);
  }
  logger.info(
    { url: running.url, database: running.ctx.database.kind, build: running.ctx.spa.build.id },
    `Waymark listening on ${running.url}`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('shutdown timed out after 15 s; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    running.close().then(
      () => {
        logger.info('stopped cleanly');
        process.exit(0);
      },
      (err: Error) => {
        logger.error({ err: { message: err.message } }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();
