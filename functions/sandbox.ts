/**
 * `npm run sandbox -- [options]` (`--help` lists them): the local stand-in of the invoicing service,
 * on 127.0.0.1. Exit 2 on a usage error, 1 when it cannot listen; Ctrl-C stops it cleanly.
 */
import { once } from 'node:events';
import { exitOnUsageError, UsageError } from '../lib/config';
import { parseSandboxArgs, type RunningSandbox, SANDBOX_HELP, startSandbox } from '../lib/sandbox';

async function main(): Promise<number> {
  const command = parseSandboxArgs(process.argv.slice(2), process.env);
  if (command.help) {
    console.log(SANDBOX_HELP);
    return 0;
  }

  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({ ...command.options, port: command.port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Options the sandbox itself refuses.
    if (error instanceof RangeError) {
      console.error(error.message);
      return 2;
    }
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      const reason = code === 'EADDRINUSE' ? 'is in use' : 'is not allowed';
      console.error(`sandbox: port ${command.port} ${reason}; choose another with --port N or SANDBOX_PORT`);
      return 1;
    }
    console.error(`sandbox: cannot start: ${(error as Error).message}`);
    return 1;
  }

  console.log(`listening on ${sandbox.url}`);
  console.log(`API key: ${sandbox.apiKey}`);
  console.log('Ctrl-C stops it');
  // The first signal stops it; the other's listener goes with it.
  const stopped = new AbortController();
  await Promise.race(['SIGINT', 'SIGTERM'].map((name) => once(process, name, { signal: stopped.signal })));
  stopped.abort();
  await sandbox.close();
  return 0;
}

const withHint = (error: unknown) => {
  if (!(error instanceof UsageError)) throw error;
  throw new UsageError(`${error.message} (npm run sandbox -- --help lists the options)`);
};
process.exitCode = await exitOnUsageError('sandbox: ', process.stderr, () => main().catch(withHint));
