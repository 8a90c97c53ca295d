import type { ParseArgsConfig } from 'node:util';
import { commandLineOptions, UsageError } from '../config';

/** Where an operator command writes, and the repository it reads `cdk.json` and a relative file from. */
export interface CommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  cwd: string;
}

/** A wrong call: its message, then how to call it. */
export const usageError = (message: string, usage: string) =>
  new UsageError(`${message}\n\n${usage}`.trimEnd());

/**
 * The options of a command line without positionals, or `undefined` once `--help` printed the usage.
 * @throws UsageError for an unknown option or a missing value, with the usage
 */
export function commandOptions<const O extends NonNullable<ParseArgsConfig['options']>>(
  argv: readonly string[],
  options: O,
  usage: string,
  io: CommandIo,
) {
  const values = commandLineOptions(argv, options, (error) => usageError(error.message, usage).message);
  if (!(values as { help?: boolean }).help) return values;
  io.stdout.write(usage);
  return undefined;
}
