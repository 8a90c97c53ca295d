/**
 * `npm start`: the whole product on this machine (sandbox, S3 and SES emulators, report API), last
 * month's report for the `demo` account built and emailed once, then a block saying where to look.
 * Settings come from the environment (see `readLocalStackEnv`). Exit 2 for a setting that cannot be
 * used, 1 when the stack cannot start; Ctrl-C stops everything and exits 0, a second Ctrl-C at once.
 */
import { describeError, UsageError } from '../lib/config';
import {
  formatStartBlock,
  type LocalStack,
  LocalStackError,
  readLocalStackEnv,
  startLocalStack,
} from '../lib/local';

// The SDK's notice that its 2027 releases need Node 22 would bury the block under nine lines a local
// run can do nothing about; Lambda runs Node 22. Set the variable to `false` to see it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const PREFIX = 'npm start: ';
/** A second Ctrl-C sooner than this after the first is the same key press, relayed. */
const REPEAT_SIGNAL_MS = 1000;

/** One line for a failure: the message of a known error, the first line of anything else. */
function describeFailure(error: unknown): string {
  if (error instanceof LocalStackError || error instanceof UsageError) return error.message;
  return `cannot start the local stack: ${describeError(error)}`;
}

/** 2 for a setting to change (read from the environment, or a shared state folder), 1 for the rest. */
function exitCodeFor(error: unknown): number {
  return error instanceof UsageError ? 2 : 1;
}

async function main(): Promise<number> {
  let settings: ReturnType<typeof readLocalStackEnv>;
  try {
    settings = readLocalStackEnv(process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${PREFIX}${error.message}`);
    return exitCodeFor(error);
  }

  const controller = new AbortController();
  let requestStop = () => {};
  const stopRequested = new Promise<void>((resolve) => {
    requestStop = resolve;
  });
  let firstSignalAt: number | undefined;
  const onSignal = () => {
    if (firstSignalAt !== undefined) {
      // npm passes Ctrl-C on to this process as the terminal does, so one key press can arrive twice;
      // only a later one means "now". (Run as `node --import tsx`, not through tsx's own command, which
      // kills a process busy building a report when it has not seen Ctrl-C handled within 60 ms.)
      if (Date.now() - firstSignalAt < REPEAT_SIGNAL_MS) return;
      console.error('stopping at once');
      process.exit(130);
    }
    firstSignalAt = Date.now();
    console.error('stopping...');
    controller.abort(new LocalStackError('stopped by a signal'));
    requestStop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  console.error(`starting the local stack (state in ${settings.stateDir})`);
  let stack: LocalStack;
  try {
    stack = await startLocalStack({
      ...settings,
      signal: controller.signal,
      log: (line) => console.error(`  ${line}`),
    });
  } catch (error) {
    if (controller.signal.aborted) {
      console.error('stopped');
      return 0;
    }
    console.error(`${PREFIX}${describeFailure(error)}`);
    return exitCodeFor(error);
  }

  console.log(formatStartBlock(stack, { cwd: process.cwd() }));
  await stopRequested;
  await stack.close();
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  console.error('stopped');
  return 0;
}

process.exitCode = await main();
