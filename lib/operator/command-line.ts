import type { ParseArgsConfig } from 'node:util';
import { commandLineOptions, exitOnUsageError, UsageError } from '../config';

/** Where an operator command writes, and the repository it reads `cdk.json` and a relative file from. */
export interface CommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  cwd: string;
}

/**
 * Runs an operator command on its options: `--help` prints `usage` (status 0); a `UsageError` goes to
 * stderr after `prefix`, followed by `usage` when `wrong` made it (an unknown option too), and the status is 2.
 */
export function runCommand<const O extends NonNullable<ParseArgsConfig['options']>>(
  argv: readonly string[],
  io: CommandIo,
  { prefix, usage, options }: { prefix: string; usage: string; options: O },
  run: (
    values: ReturnType<typeof commandLineOptions<O>>,
    wrong: (message: string) => UsageError,
  ) => Promise<number>,
): Promise<number> {
  const wrong = (message: string) => new UsageError(`${message}\n\n${usage}`.trimEnd());
  return exitOnUsageError(prefix, io.stderr, async () => {
    const values = commandLineOptions(argv, options, (error) => wrong(error.message).message);
    if (!(values as { help?: boolean }).help) return run(values, wrong);
    io.stdout.write(usage);
    return 0;
  });
}
