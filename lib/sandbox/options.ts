import { TOKEN68_PATTERN } from '../config';
import { isZoneOrOffset } from '../period';
import type { SandboxDataset } from './dataset-source';
import type { EndDateReading } from './date-reading';
import { type ExtraPaidInvoice, extraPaidProblem } from './extra-paid';
import { LIST_ORDERS, type ListOrder } from './record-order';

/** How a sandbox behaves and what it serves. */
export interface SandboxOptions {
  /** Seeds the generated data and the faults. @default 1 */
  seed?: number;
  /** The key requests must carry. @default process.env.SANDBOX_API_KEY (when set and not empty), else 'sandbox-key' */
  apiKey?: string;
  /** Delay before every answer, in milliseconds. @default 0 */
  latencyMs?: number;
  /** Silent cap on `limit`: a larger `limit` gets this many records, without an error. @default 1000 */
  maxLimit?: number;
  /** Share of requests answered 429 (with `Retry-After`) or 503, 0..1. @default 0 */
  faultRate?: number;
  /** `Retry-After` of a 429, in seconds. @default 1 */
  retryAfterSeconds?: number;
  /**
   * Paid invoices per full month; invoices in the other statuses are 10 % of it (at least 4) and
   * unmatched payments 1 % (at least 2). @default 60
   */
  paidPerMonth?: number;
  /** The data covers the 14 full months before this one and this month up to this instant. @default new Date() */
  now?: Date;
  /**
   * Each month also holds unmatched payments whose true invoice (or none) is known: late, under- and
   * over-payments of invoices left not paid, and stray payments. The truth is in `generateMonth`'s
   * `cases`, for tests, never in an answer. Off by default, so the generated data is otherwise the same.
   * @default false
   */
  unmatchedCases?: boolean;
  /** Serve these records instead of generated ones. */
  dataset?: SandboxDataset;
  /**
   * `startDate`/`endDate` are whole days of this zone, on all three endpoints: an IANA name
   * (`America/New_York`) or a fixed offset from `-12:00` to `+14:00` (`+03:00`). @default 'UTC'
   */
  dateZone?: string;
  /** Whether the day `endDate` names is included. @default 'inclusive' */
  endDate?: EndDateReading;
  /**
   * The zone `invoicesByDate` cuts and keys its days in, and `invoicesByMonths` its months: the date
   * zone, or UTC. @default 'zone'
   */
  statsDayKeys?: 'zone' | 'utc';
  /**
   * The order of list results: newest or oldest first (then by `id`), shuffled (`random`: stable for a
   * seed and a filter, so pages agree), or shuffled again at every request (`reshuffled`: pages do not
   * agree, and no client can read a whole list). @default 'newest'
   */
  order?: ListOrder;
  /** Every number in answers is written as a JSON string (`"12.5"`). @default false */
  numbersAsStrings?: boolean;
  /** Paid invoices the statistics count and the lists never return: a planted fault. @default [] */
  statsExtraPaid?: readonly ExtraPaidInvoice[];
  /**
   * Told of every list page answered, as it is answered: instrumentation, so that a benchmark can count
   * what it serves without reading the answers again.
   */
  onPageServed?: (page: ServedPage) => void;
}

/** A page of a list the sandbox answered. */
export interface ServedPage {
  endpoint: '/invoices/list' | '/payments/list';
  /** The list's filter as read from the form (`offset` and `limit` aside). */
  filter: Readonly<Record<string, string | undefined>>;
  offset: number;
  /** Records on the page. */
  records: number;
}

export const DEFAULT_SEED = 1;
export const DEFAULT_API_KEY = 'sandbox-key';
export const DEFAULT_MAX_LIMIT = 1000;
export const DEFAULT_PAID_PER_MONTH = 60;
/** A month this large takes tens of seconds and about a gigabyte to generate. */
export const MAX_PAID_PER_MONTH = 500_000;

export type ResolvedSandboxOptions = Required<Omit<SandboxOptions, 'dataset' | 'onPageServed'>> &
  Pick<SandboxOptions, 'dataset' | 'onPageServed'>;

/** The options with their defaults; throws a `RangeError` that names the bad option (never the key). */
export function resolveSandboxOptions(options: SandboxOptions = {}): ResolvedSandboxOptions {
  const resolved: ResolvedSandboxOptions = {
    seed: options.seed ?? DEFAULT_SEED,
    apiKey: options.apiKey ?? (process.env.SANDBOX_API_KEY || DEFAULT_API_KEY),
    latencyMs: options.latencyMs ?? 0,
    maxLimit: options.maxLimit ?? DEFAULT_MAX_LIMIT,
    faultRate: options.faultRate ?? 0,
    retryAfterSeconds: options.retryAfterSeconds ?? 1,
    paidPerMonth: options.paidPerMonth ?? DEFAULT_PAID_PER_MONTH,
    now: options.now ?? new Date(),
    dateZone: options.dateZone ?? 'UTC',
    endDate: options.endDate ?? 'inclusive',
    statsDayKeys: options.statsDayKeys ?? 'zone',
    order: options.order ?? 'newest',
    numbersAsStrings: options.numbersAsStrings ?? false,
    unmatchedCases: options.unmatchedCases ?? false,
    statsExtraPaid: options.statsExtraPaid ?? [],
    dataset: options.dataset,
    onPageServed: options.onPageServed,
  };
  requireThat(Number.isSafeInteger(resolved.seed), 'seed must be a whole number');
  requireThat(
    TOKEN68_PATTERN.test(resolved.apiKey),
    'apiKey must be letters, digits and . _ ~ + / - (optionally ending in =)',
  );
  requireThat(Number.isFinite(resolved.latencyMs) && resolved.latencyMs >= 0, 'latencyMs must be 0 or more');
  requireThat(
    Number.isSafeInteger(resolved.maxLimit) && resolved.maxLimit >= 1,
    'maxLimit must be a whole number, 1 or more',
  );
  requireThat(resolved.faultRate >= 0 && resolved.faultRate <= 1, 'faultRate must be between 0 and 1');
  requireThat(
    Number.isSafeInteger(resolved.retryAfterSeconds) && resolved.retryAfterSeconds >= 0,
    'retryAfterSeconds must be a whole number, 0 or more',
  );
  requireThat(
    Number.isSafeInteger(resolved.paidPerMonth) &&
      resolved.paidPerMonth >= 1 &&
      resolved.paidPerMonth <= MAX_PAID_PER_MONTH,
    `paidPerMonth must be a whole number from 1 to ${MAX_PAID_PER_MONTH}`,
  );
  requireThat(
    resolved.now instanceof Date && !Number.isNaN(resolved.now.getTime()),
    'now must be a valid Date',
  );
  requireThat(
    isZoneOrOffset(resolved.dateZone),
    `dateZone must be an IANA time zone or an offset from -12:00 to +14:00, not "${resolved.dateZone}"`,
  );
  requireThat(
    resolved.endDate === 'inclusive' || resolved.endDate === 'exclusive',
    'endDate must be "inclusive" or "exclusive"',
  );
  requireThat(
    resolved.statsDayKeys === 'zone' || resolved.statsDayKeys === 'utc',
    'statsDayKeys must be "zone" or "utc"',
  );
  requireThat(LIST_ORDERS.includes(resolved.order), `order must be one of ${LIST_ORDERS.join(', ')}`);
  requireThat(typeof resolved.numbersAsStrings === 'boolean', 'numbersAsStrings must be true or false');
  requireThat(typeof resolved.unmatchedCases === 'boolean', 'unmatchedCases must be true or false');
  resolved.statsExtraPaid.forEach((extra, index) => {
    const problem = extraPaidProblem(extra);
    requireThat(problem === undefined, `statsExtraPaid[${index}].${problem}`);
  });
  return resolved;
}

function requireThat(condition: boolean, message: string): void {
  if (!condition) throw new RangeError(`sandbox: ${message}`);
}
