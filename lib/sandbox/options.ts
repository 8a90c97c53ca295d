import * as z from 'zod';
import { commandLineOptions, MAX_PORT, parsePort, TOKEN68_PATTERN, UsageError } from '../config';
import { serviceDatetimeSchema } from '../invoicing';
import { isZoneOrOffset } from '../period';
import type { SandboxDataset } from './queries';
import { LIST_ORDERS } from './record-order';

export const DEFAULT_SEED = 1;
/** A month this large takes tens of seconds and about a gigabyte to generate. */
const MAX_PAID_PER_MONTH = 500_000;
export const DEFAULT_SANDBOX_PORT = 4010;
const TOKEN68_RULE = 'must be letters, digits and . _ ~ + / - (optionally ending in =)';
const ZONE_RULE = 'an IANA time zone or an offset from -12:00 to +14:00';

/** `value`, when it can be a key or token; the message of the `UsageError` otherwise never shows it. */
export function checkedToken(name: string, value: string): string {
  if (!TOKEN68_PATTERN.test(value)) throw new UsageError(`${name} ${TOKEN68_RULE}`);
  return value;
}

const decimalText = z.string().regex(/^\d{1,30}(\.\d{1,18})?$/, 'expected a decimal such as "10.00"');

/**
 * A paid invoice that the statistics count and the lists never return: a planted fault, so that tests
 * of a reconciliation see a real difference. Counted wherever an invoice created at `createDatetime`
 * (UTC) would be, it adds one to `invoicesTotalNum` and `invoicesPaidNum`, and its amount to
 * `invoicesTotalUSD`, to its project (by default the account's busiest; with a dataset, the project of
 * its first invoice), its currency (USD; another needs `amountFiat`), its month and its day.
 */
const extraPaidSchema = z
  .strictObject({
    amountUSD: decimalText,
    createDatetime: serviceDatetimeSchema,
    projectId: z.guid({ message: 'expected a UUID' }).optional(),
    currencyFiat: z
      .string()
      .regex(/^[A-Z]{3}$/, 'expected a currency code such as "EUR"')
      .optional(),
    amountFiat: decimalText.optional(),
  })
  .refine((extra) => (extra.currencyFiat ?? 'USD') === 'USD' || extra.amountFiat !== undefined, {
    path: ['amountFiat'],
    message: 'is needed for a currency other than USD',
  });
type ExtraPaidInvoice = z.input<typeof extraPaidSchema>;

/** The settings in the order they are checked, each with its default; docs/sandbox.md explains each. */
const settingsSchema = z.object({
  /** Seeds the generated data, the faults and the random order. */
  seed: z.int({ error: 'must be a whole number' }).default(DEFAULT_SEED),
  apiKey: z
    .string({ error: TOKEN68_RULE })
    .regex(TOKEN68_PATTERN)
    .prefault(() => process.env.SANDBOX_API_KEY || 'sandbox-key'),
  latencyMs: z.number({ error: 'must be 0 or more' }).min(0).default(0),
  /** Silent cap on `limit`. */
  maxLimit: z.int({ error: 'must be a whole number, 1 or more' }).min(1).default(1000),
  /** Share of requests answered 429 or 503. */
  faultRate: z.number({ error: 'must be between 0 and 1' }).min(0).max(1).default(0),
  /** `Retry-After` of a 429, in seconds. */
  retryAfterSeconds: z.int({ error: 'must be a whole number, 0 or more' }).min(0).default(1),
  paidPerMonth: z
    .int({ error: `must be a whole number from 1 to ${MAX_PAID_PER_MONTH}` })
    .min(1)
    .max(MAX_PAID_PER_MONTH)
    .default(60),
  /** The data covers the 14 full months before this one and this month up to this instant. */
  now: z.date({ error: 'must be a valid Date' }).default(() => new Date()),
  dateZone: z
    .string({ error: (issue) => `must be ${ZONE_RULE}, not "${issue.input}"` })
    .refine(isZoneOrOffset)
    .default('UTC'),
  endDate: z
    .enum(['inclusive', 'exclusive'], { error: 'must be "inclusive" or "exclusive"' })
    .default('inclusive'),
  statsDayKeys: z.enum(['zone', 'utc'], { error: 'must be "zone" or "utc"' }).default('zone'),
  order: z.enum(LIST_ORDERS, { error: `must be one of ${LIST_ORDERS.join(', ')}` }).default('newest'),
  numbersAsStrings: z.boolean({ error: 'must be true or false' }).default(false),
  /** Unmatched payments whose truth `generateMonth`'s `cases` tells tests, never an answer. */
  unmatchedCases: z.boolean({ error: 'must be true or false' }).default(false),
  /** Planted faults. */
  statsExtraPaid: z.array(extraPaidSchema).default([]),
});

/** How a sandbox behaves and what it serves. */
export type SandboxOptions = z.input<typeof settingsSchema> & {
  /** Serve these records instead of generated ones. */
  dataset?: SandboxDataset;
  /** Told of every list page answered, so that a benchmark can count what it serves. */
  onPageServed?: (page: ServedPage) => void;
};

/** A page of a list the sandbox answered. */
export interface ServedPage {
  endpoint: '/invoices/list' | '/payments/list';
  /** The list's filter as read from the form (`offset` and `limit` aside). */
  filter: Readonly<Record<string, string | undefined>>;
  offset: number;
  records: number;
}

/** The options with their defaults; throws a `RangeError` that names the bad option (never the key). */
export function resolveSandboxOptions(options: SandboxOptions = {}) {
  const result = settingsSchema.safeParse(options);
  if (result.success) return { ...options, ...result.data };
  const { path, message } = result.error.issues[0]!;
  const [name, index, ...rest] = path.map(String);
  const inExtra = rest.length > 0 ? `${rest.join('.')}: ` : '';
  const where = index === undefined ? `${name} ` : `${name}[${index}].${inExtra}`;
  throw new RangeError(`sandbox: ${where}${message}`);
}

/** The extras as the invoices the statistics count; `mainProjectId` stands in for a missing project. */
export function countedExtraPaid(extras: readonly ExtraPaidInvoice[], mainProjectId: string | undefined) {
  return extras.map((extra, index) => {
    const projectId = extra.projectId ?? mainProjectId;
    if (projectId === undefined) {
      throw new RangeError(
        `sandbox: statsExtraPaid[${index}].projectId is needed: the dataset has no invoices`,
      );
    }
    return {
      createDatetime: extra.createDatetime,
      status: 'paid',
      projectId,
      currencyFiat: extra.currencyFiat ?? 'USD',
      amountFiatUSD: extra.amountUSD,
      amountFiat: extra.amountFiat ?? extra.amountUSD,
    };
  });
}

const EXTRA_PAID_TEXT =
  /^(?<amountUSD>[^@]*)@(?<createDatetime>\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(?::(?<projectId>[^:]*)(?::(?<currencyFiat>[^:]*):(?<amountFiat>[^:]*))?)?$/;

const EXTRA_PAID_FORMAT = '<amountUSD>@<Y-m-d H:i:s>[:<projectId>[:<currency>:<amountFiat>]]';

/** An extra paid invoice from the command line's form; throws a `RangeError` that says what is wrong. */
function parseExtraPaid(text: string): ExtraPaidInvoice {
  const groups = EXTRA_PAID_TEXT.exec(text)?.groups;
  if (!groups) throw new RangeError(`expected ${EXTRA_PAID_FORMAT}, not "${text}"`);
  const given = Object.entries(groups).filter(([, value]) => value !== undefined);
  const result = extraPaidSchema.safeParse(Object.fromEntries(given));
  const issue = result.error?.issues[0];
  if (issue)
    throw new RangeError(issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message);
  return result.data!;
}

/** What `npm run sandbox -- --help` prints: the usage, then each option. */
export const SANDBOX_HELP = [
  'usage: npm run sandbox -- [--port N] [--seed N] [--latency-ms N] [--max-limit N] [--fault-rate X] ' +
    '[--paid-per-month N] [--date-zone ZONE] [--end-date inclusive|exclusive] [--stats-day-keys zone|utc] ' +
    '[--order newest|oldest|random|reshuffled] [--numbers-as-strings] [--unmatched-cases] ' +
    '[--stats-extra-paid SPEC]...',
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

type Reading = [option: string, read: (text: string) => unknown, rule: string];
const whole = (option: string, least: number, most: number): Reading => [
  option,
  (text) => {
    const number = /^-?\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
    return number >= least && number <= most ? number : undefined;
  },
  `a whole number from ${least} to ${most}`,
];
const oneOf = (option: string, choices: readonly string[]): Reading => [
  option,
  (text) => (choices.includes(text) ? text : undefined),
  `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`,
];

/** The flags with a value, in the order they are checked: the option, its reading (`undefined`: refused). */
const TEXT_FLAGS: Record<string, Reading> = {
  'latency-ms': whole('latencyMs', 0, 600_000),
  'max-limit': whole('maxLimit', 1, 1_000_000),
  seed: whole('seed', -(2 ** 31), 2 ** 31 - 1),
  'paid-per-month': whole('paidPerMonth', 1, MAX_PAID_PER_MONTH),
  'fault-rate': [
    'faultRate',
    (text) => {
      const share = /^(\d+(\.\d*)?|\.\d+)$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
      return share >= 0 && share <= 1 ? share : undefined;
    },
    'a number from 0 to 1',
  ],
  'date-zone': ['dateZone', (zone) => (isZoneOrOffset(zone) ? zone : undefined), ZONE_RULE],
  'end-date': oneOf('endDate', ['inclusive', 'exclusive']),
  'stats-day-keys': oneOf('statsDayKeys', ['zone', 'utc']),
  order: oneOf('order', LIST_ORDERS),
};

/**
 * Reads `npm run sandbox` arguments. `--port` wins over `SANDBOX_PORT`, which wins over 4010; the key
 * comes from `SANDBOX_API_KEY` (read by the sandbox itself). Throws a `UsageError`.
 */
export function parseSandboxArgs(argv: string[], env: Record<string, string | undefined>): SandboxCommand {
  const text = { type: 'string' } as const;
  const values: Record<string, string | boolean | string[] | undefined> = commandLineOptions(argv, {
    ...Object.fromEntries(['port', ...Object.keys(TEXT_FLAGS)].map((name) => [name, text])),
    'numbers-as-strings': { type: 'boolean' },
    'unmatched-cases': { type: 'boolean' },
    'stats-extra-paid': { type: 'string', multiple: true },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return { help: true };
  if (env.SANDBOX_API_KEY) checkedToken('SANDBOX_API_KEY', env.SANDBOX_API_KEY);
  const given = (name: string) => values[name] as string | undefined;
  const refuse = (name: string, rule: string, value: string): never => {
    throw new UsageError(`${name} must be ${rule}, not "${value}"`);
  };
  const envPort = env.SANDBOX_PORT === '' ? undefined : env.SANDBOX_PORT;
  const [portName, portText] =
    given('port') !== undefined ? ['--port', given('port')] : ['SANDBOX_PORT', envPort];
  const port = portText === undefined ? DEFAULT_SANDBOX_PORT : parsePort(portText);
  if (port === undefined) refuse(portName, `a whole number from 0 to ${MAX_PORT}`, portText!);

  const options: Record<string, unknown> = {};
  for (const [flag, [option, read, rule]] of Object.entries(TEXT_FLAGS)) {
    const value = given(flag);
    if (value !== undefined) options[option] = read(value) ?? refuse(`--${flag}`, rule, value);
  }
  if (values['numbers-as-strings']) options.numbersAsStrings = true;
  if (values['unmatched-cases']) options.unmatchedCases = true;
  const extras = values['stats-extra-paid'] as string[] | undefined;
  if (extras) {
    options.statsExtraPaid = extras.map((extra) => {
      try {
        return parseExtraPaid(extra);
      } catch (error) {
        throw new UsageError(`--stats-extra-paid: ${(error as Error).message}`);
      }
    });
  }
  return { help: false, port: port!, options };
}
