import { errorParts, UsageError } from '../config';

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
 * The options `parse` reads (with `parseArgs`), or `undefined` once `--help` printed the usage on stdout.
 * @throws UsageError for an unknown option or a missing value, with the usage
 */
export function commandOptions<T extends { help?: boolean }>(
  usage: string,
  io: CommandIo,
  parse: () => T,
): T | undefined {
  let values: T;
  try {
    values = parse();
  } catch (error) {
    throw usageError(errorParts(error).message, usage);
  }
  if (values.help) io.stdout.write(usage);
  return values.help ? undefined : values;
}
