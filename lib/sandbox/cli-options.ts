import { parseArgs } from 'node:util';
import { MAX_PORT, parsePort, TOKEN68_PATTERN, UsageError } from '../config';
import { isZoneOrOffset } from '../period';
import { EXTRA_PAID_FORMAT, parseExtraPaid } from './extra-paid';
import { MAX_PAID_PER_MONTH, type SandboxOptions } from './options';
import { LIST_ORDERS } from './record-order';

/** The port `npm run sandbox` listens on unless `--port` or `SANDBOX_PORT` says otherwise. */
export const DEFAULT_SANDBOX_PORT = 4010;

export const SANDBOX_USAGE =
  'usage: npm run sandbox -- [--port N] [--seed N] [--latency-ms N] [--max-limit N] [--fault-rate X] ' +
  '[--paid-per-month N] [--date-zone ZONE] [--end-date inclusive|exclusive] [--stats-day-keys zone|utc] ' +
  '[--order newest|oldest|random|reshuffled] [--numbers-as-strings] [--unmatched-cases] ' +
  '[--stats-extra-paid SPEC]...';

/** What `npm run sandbox -- --help` prints: the usage, then each option. */
export const SANDBOX_HELP = [
  SANDBOX_USAGE,
  '',
  '  --port N                 listen on port N (0: any free port); default SANDBOX_PORT, else 4010',
  '  --seed N                 same seed, same data; seeds the faults and the random order too (default 1)',
  '  --latency-ms N           every answer comes N ms after its request (default 0)',
  '  --max-limit N            a larger limit is capped silently at N (default 1000)',
  '  --fault-rate X           share 0..1 of requests answered 429 or 503 (default 0)',
  `  --paid-per-month N       paid invoices per full month, up to ${MAX_PAID_PER_MONTH} (default 60)`,
  '  --date-zone ZONE         startDate/endDate are whole days of ZONE, an IANA name or an offset',
  '                           from -12:00 to +14:00 such as +03:00 (default UTC; write a negative',
  '                           offset as --date-zone=-10:00)',
  '  --end-date inclusive|exclusive',
  '                           whether the day endDate names is included (default inclusive)',
  '  --stats-day-keys zone|utc',
  '                           invoicesByDate and invoicesByMonths cut their days and months in the',
  '                           date zone or in UTC (default zone)',
  '  --order newest|oldest|random|reshuffled',
  '                           the order of list results (default newest); random is stable per seed',
  '                           and filter, reshuffled is new at every request (no list reads whole)',
  '  --numbers-as-strings     every number in answers is a JSON string',
  '  --unmatched-cases        each month also has late, under- and over-payments of invoices left',
  '                           unpaid, and payments for no invoice, all unmatched',
  `  --stats-extra-paid ${EXTRA_PAID_FORMAT}`,
  '                           the statistics count one more paid invoice, which the lists never',
  '                           return (a planted fault); repeat for more',
  '',
  'The API key is SANDBOX_API_KEY (default sandbox-key).',
].join('\n');

export type SandboxCommand = { help: true } | { help: false; port: number; options: SandboxOptions };

/**
 * Reads `npm run sandbox` arguments. `--port` wins over `SANDBOX_PORT`, which wins over 4010; the key
 * comes from `SANDBOX_API_KEY` (read by the sandbox itself). Throws a `UsageError`.
 * @example parseSandboxArgs(['--port', '0', '--fault-rate', '0.1'], {})
 */
export function parseSandboxArgs(argv: string[], env: Record<string, string | undefined>): SandboxCommand {
  let values: Record<string, string | boolean | string[] | undefined>;
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
        'date-zone': { type: 'string' },
        'end-date': { type: 'string' },
        'stats-day-keys': { type: 'string' },
        order: { type: 'string' },
        'numbers-as-strings': { type: 'boolean' },
        'unmatched-cases': { type: 'boolean' },
        'stats-extra-paid': { type: 'string', multiple: true },
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
  const dateZone = text('date-zone');
  if (dateZone !== undefined) {
    if (!isZoneOrOffset(dateZone)) {
      throw new UsageError(
        `--date-zone must be an IANA time zone or an offset from -12:00 to +14:00, not "${dateZone}"`,
      );
    }
    options.dateZone = dateZone;
  }
  const endDate = text('end-date');
  if (endDate !== undefined)
    options.endDate = oneOf('--end-date', endDate, ['inclusive', 'exclusive'] as const);
  const dayKeys = text('stats-day-keys');
  if (dayKeys !== undefined)
    options.statsDayKeys = oneOf('--stats-day-keys', dayKeys, ['zone', 'utc'] as const);
  const order = text('order');
  if (order !== undefined) options.order = oneOf('--order', order, LIST_ORDERS);
  if (values['numbers-as-strings']) options.numbersAsStrings = true;
  if (values['unmatched-cases']) options.unmatchedCases = true;
  const extras = values['stats-extra-paid'] as string[] | undefined;
  if (extras !== undefined) {
    options.statsExtraPaid = extras.map((extra) => {
      try {
        return parseExtraPaid(extra);
      } catch (error) {
        throw new UsageError(`--stats-extra-paid: ${(error as Error).message}`);
      }
    });
  }
  return { help: false, port, options };
}

function oneOf<T extends string>(name: string, text: string, choices: readonly T[]): T {
  if (!(choices as readonly string[]).includes(text)) {
    const listed = `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;
    throw new UsageError(`${name} must be ${listed}, not "${text}"`);
  }
  return text as T;
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
