/**
 * `npm start`: the whole product on this machine, last month's `demo` report emailed once, then where to
 * look. Exit 2 for a setting to change, 1 when it cannot start; Ctrl-C exits 0, a second one at once.
 */
import { once } from 'node:events';
import { describeError, exitOnUsageError, UsageError } from '../lib/config';
import {
  formatStartBlock,
  type LocalStack,
  LocalStackError,
  readLocalStackEnv,
  startLocalStack,
} from '../lib/local';

// The SDK's notice that its 2027 releases need Node 22 would bury the block (`false` shows it).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const PREFIX = 'npm start: ';
/** A second Ctrl-C sooner than this after the first is the same key press, relayed. */
const REPEAT_SIGNAL_MS = 1000;

/** A `UsageError` (a setting to change, in the environment or a shared state folder) exits 2. */
async function main(): Promise<number> {
  const settings = readLocalStackEnv(process.env);

  const controller = new AbortController();
  let firstSignalAt: number | undefined;
  const onSignal = () => {
    if (firstSignalAt !== undefined) {
      // npm relays Ctrl-C as the terminal does, so one key press can arrive twice. (Run as `node --import
      // tsx`: tsx's own command kills a busy process that has not handled Ctrl-C within 60 ms.)
      if (Date.now() - firstSignalAt < REPEAT_SIGNAL_MS) return;
      console.error('stopping at once');
      process.exit(130);
    }
    firstSignalAt = Date.now();
    console.error('stopping...');
    controller.abort(new LocalStackError('stopped by a signal'));
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
    if (error instanceof UsageError) throw error;
    const known = error instanceof LocalStackError;
    console.error(
      `${PREFIX}${known ? error.message : `cannot start the local stack: ${describeError(error)}`}`,
    );
    return 1;
  }

  console.log(formatStartBlock(stack, { cwd: process.cwd() }));
  if (!controller.signal.aborted) await once(controller.signal, 'abort');
  await stack.close();
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  console.error('stopped');
  return 0;
}

process.exitCode = await exitOnUsageError(PREFIX, process.stderr, main);
