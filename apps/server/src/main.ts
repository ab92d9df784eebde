import { CONFIG_EXIT_CODE, configOrExitCode } from './config.ts';
import { DataDirInUseError } from './platform/db/data-dir-lock.ts';
import { createLogger } from './platform/logger.ts';
import { startServer } from './server.ts';

process.setSourceMapsEnabled(true);

async function main(): Promise<void> {
  const config = configOrExitCode();
  if (config === CONFIG_EXIT_CODE) process.exit(config);
  const logger = createLogger(config.logLevel);
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(config, logger);
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      logger.fatal({ dataDir: error.dataDir, holderPid: error.holderPid }, error.message);
      console.error(error.message);
      process.exit(75);
    }
    logger.fatal({ err: error }, 'could not start');
    process.exit(1);
  }

  if (config.nodeEnv !== 'production' && process.stdout.isTTY) {
    console.log(`\n  Atelier is running at ${running.url}\n`);
  }

  let signalled = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (signalled) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(130);
    }
    signalled = true;
    logger.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

void main();
