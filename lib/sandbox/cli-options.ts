import { parseArgs } from 'node:util';
import { MAX_PORT, parsePort } from '../port-number';
import { TOKEN68_PATTERN } from '../token68';
import { MAX_PAID_PER_MONTH, type SandboxOptions } from './options';

/** The port `npm run sandbox` listens on unless `--port` or `SANDBOX_PORT` says otherwise. */
export const DEFAULT_SANDBOX_PORT = 4010;

export const SANDBOX_USAGE =
  'usage: npm run sandbox -- [--port N] [--latency-ms N] [--max-limit N] [--fault-rate X] [--seed N] [--paid-per-month N]';

/** A command line that cannot be run; the message is one line that says what to change. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export type SandboxCommand = { help: true } | { help: false; port: number; options: SandboxOptions };

/**
 * Reads `npm run sandbox` arguments. `--port` wins over `SANDBOX_PORT`, which wins over 4010; the key
 * comes from `SANDBOX_API_KEY` (read by the sandbox itself). Throws a `UsageError`.
 * @example parseSandboxArgs(['--port', '0', '--fault-rate', '0.1'], {})
 */
export function parseSandboxArgs(argv: string[], env: Record<string, string | undefined>): SandboxCommand {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'latency-ms': { type: 'string' },
        'max-limit': { type: 'string' },
        'fault-rate': { type: 'string' },
        seed: { type: 'string' },
        'paid-per-month': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    // node:util writes some of its messages over several lines; a usage error is one.
    throw new UsageError((error as Error).message.replace(/\s*\n\s*/g, ' '));
  }
  if (values.help) return { help: true };
  if (env.SANDBOX_API_KEY && !TOKEN68_PATTERN.test(env.SANDBOX_API_KEY)) {
    // The value is a secret: the message says what is wrong with it, never what it is.
    throw new UsageError('SANDBOX_API_KEY must be letters, digits and . _ ~ + / - (optionally ending in =)');
  }
  const text = (name: string) => values[name] as string | undefined;

  const envPort = env.SANDBOX_PORT === '' ? undefined : env.SANDBOX_PORT;
  const portText = text('port');
  const port =
    portText !== undefined
      ? portNumber('--port', portText)
      : envPort !== undefined
        ? portNumber('SANDBOX_PORT', envPort)
        : DEFAULT_SANDBOX_PORT;

  const options: SandboxOptions = {};
  const latency = text('latency-ms');
  if (latency !== undefined) options.latencyMs = wholeNumber('--latency-ms', latency, 0, 600_000);
  const maxLimit = text('max-limit');
  if (maxLimit !== undefined) options.maxLimit = wholeNumber('--max-limit', maxLimit, 1, 1_000_000);
  const faultRate = text('fault-rate');
  if (faultRate !== undefined) options.faultRate = share('--fault-rate', faultRate);
  const seed = text('seed');
  if (seed !== undefined) options.seed = wholeNumber('--seed', seed, -(2 ** 31), 2 ** 31 - 1);
  const paidPerMonth = text('paid-per-month');
  if (paidPerMonth !== undefined) {
    options.paidPerMonth = wholeNumber('--paid-per-month', paidPerMonth, 1, MAX_PAID_PER_MONTH);
  }
  return { help: false, port, options };
}

function portNumber(name: string, text: string): number {
  const value = parsePort(text);
  if (value === undefined) {
    throw new UsageError(`${name} must be a whole number from 0 to ${MAX_PORT}, not "${text}"`);
  }
  return value;
}

function wholeNumber(name: string, text: string, min: number, max: number): number {
  const value = /^-?\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  }
  return value;
}

function share(name: string, text: string): number {
  const value = /^(\d+(\.\d*)?|\.\d+)$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!(value >= 0 && value <= 1))
    throw new UsageError(`${name} must be a number from 0 to 1, not "${text}"`);
  return value;
}
