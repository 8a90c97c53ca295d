import Big from 'big.js';
import { afterAll } from 'vitest';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../../lib/sandbox';
import type { InvoiceItemJson, PaymentItemJson } from '../../../lib/sandbox/month-generator';
import { GeneratedSource } from '../../../lib/sandbox/queries';

/** The instant the test data is generated for: the 14 full months before November 2026, and 15 days of it. */
export const NOW = new Date('2026-11-15T12:00:00Z');
export const SEED = 7;

export interface AllRecords {
  source: GeneratedSource;
  invoices: InvoiceItemJson[];
  payments: PaymentItemJson[];
}

/** Every generated record, month by month, straight from the source. */
export function allRecords(options: { seed?: number; paidPerMonth?: number; now?: Date } = {}): AllRecords {
  const source = new GeneratedSource({
    seed: options.seed ?? SEED,
    paidPerMonth: options.paidPerMonth ?? 60,
    now: options.now ?? NOW,
  });
  const invoices: InvoiceItemJson[] = [];
  const payments: PaymentItemJson[] = [];
  for (let month = source.firstMonth; month <= source.lastMonth; month++) {
    invoices.push(...source.month(month).invoices);
    payments.push(...source.month(month).payments);
  }
  return { source, invoices, payments };
}

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field in the tests
  body: any;
}

/**
 * Starts sandboxes for one test file over real HTTP and closes them all after it.
 * @example const serve = sandboxesForFile(); const url = await serve({ dateZone: '+03:00' });
 */
export function sandboxesForFile(): (options: SandboxOptions) => Promise<string> {
  const running: RunningSandbox[] = [];
  afterAll(async () => {
    await Promise.all(running.map((sandbox) => sandbox.close()));
  });
  return async (options) => {
    const sandbox = await startSandbox(options);
    running.push(sandbox);
    return sandbox.url;
  };
}

/** One POST with form fields, as multipart (the spec's encoding) or urlencoded. */
export async function post(
  baseUrl: string,
  path: string,
  fields: Record<string, string | number> = {},
  options: { apiKey?: string | null; encoding?: 'multipart' | 'urlencoded' } = {},
): Promise<Answer> {
  const apiKey = options.apiKey === undefined ? 'sandbox-key' : options.apiKey;
  const headers: Record<string, string> = apiKey === null ? {} : { Authorization: `Token ${apiKey}` };
  const entries = Object.entries(fields).map(([name, value]) => [name, String(value)] as [string, string]);
  let body: FormData | URLSearchParams;
  if (options.encoding === 'urlencoded') {
    body = new URLSearchParams(entries);
  } else {
    body = new FormData();
    for (const [name, value] of entries) body.append(name, value);
  }
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) };
}

/** Every record of a list, page by page (1000 at a time). */
export async function listAll<T>(
  baseUrl: string,
  path: string,
  fields: Record<string, string> = {},
): Promise<T[]> {
  const records: T[] = [];
  for (let offset = 0; ; offset += 1000) {
    const answer = await post(baseUrl, path, { ...fields, offset, limit: 1000 });
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    records.push(...answer.body.data);
    if (answer.body.data.length < 1000) return records;
  }
}

/** A response's JSON body, for field-by-field assertions. */
// biome-ignore lint/suspicious/noExplicitAny: answers are inspected field by field in the tests
export async function jsonOf(response: Response): Promise<any> {
  return response.json();
}

/** Projects of hand-made datasets. */
export const P1 = '11111111-1111-4111-8111-111111111111';
export const P2 = '22222222-2222-4222-8222-222222222222';

const WALLET = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Main BTC',
  blockchain: 'Bitcoin',
  cryptocurrency: 'BTC',
  address: 'bc1qexample',
};

/** An item of the invoice list for a hand-made dataset: a paid USD invoice of P1 unless `fields` say otherwise. */
export function datasetInvoice(id: string, fields: Record<string, unknown>) {
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${id.padStart(12, '0')}`,
    uid: `UID-${id}`,
    projectId: P1,
    createDatetime: '2026-10-01 00:00:00',
    timeToPayDatetime: '2026-10-01 00:30:00',
    commissionFiatUSD: 0,
    amountFiatUSD: 0,
    amountFiat: 0,
    currencyFiat: 'USD',
    description: null,
    serviceData: null,
    views: 1,
    status: 'paid',
    ...fields,
  };
}

/** An item of the payment list for a hand-made dataset, matched to an invoice when its fields are given. */
export function datasetPayment(
  id: string,
  transactionDatetime: string,
  amount: unknown,
  invoiceFields?: Record<string, unknown>,
) {
  return {
    id: `bbbbbbbb-bbbb-4bbb-8bbb-${id.padStart(12, '0')}`,
    amount,
    hash: `hash-${id}`,
    transactionDatetime,
    ...(invoiceFields ? { invoice: invoiceFields } : {}),
    wallet: WALLET,
  };
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * The statistics of some listed invoices as the spec's facts and the sandbox's documented choices give
 * them, worked out apart from the sandbox's code: paid invoices grouped by project, currency, month
 * and day (`dayOf` names an invoice's day, `Y-m-d`; `dateOf` gives that day's `date` member).
 */
export function statisticsOfListed(
  invoices: InvoiceItemJson[],
  dayOf: (createDatetime: string) => string,
  dateOf: (day: string) => unknown,
) {
  const paid = invoices.filter((invoice) => invoice.status === 'paid');
  const sum = (key: (invoice: InvoiceItemJson) => string, amount: (invoice: InvoiceItemJson) => number) => {
    const sums = new Map<string, Big>();
    for (const invoice of paid)
      sums.set(key(invoice), (sums.get(key(invoice)) ?? new Big(0)).plus(amount(invoice)));
    return Object.fromEntries([...sums].map(([group, total]) => [group, Number(total.toFixed())]));
  };
  const usd = (invoice: InvoiceItemJson) => invoice.amountFiatUSD;
  const day = (invoice: InvoiceItemJson) => dayOf(invoice.createDatetime);
  const month = (invoice: InvoiceItemJson) =>
    `${MONTH_NAMES[Number(day(invoice).slice(5, 7)) - 1]}-${day(invoice).slice(0, 4)}`;
  return {
    invoicesTotalNum: invoices.length,
    invoicesPaidNum: paid.length,
    invoicesTotalUSD: Number(
      paid.reduce((total, invoice) => total.plus(invoice.amountFiatUSD), new Big(0)).toFixed(),
    ),
    invoicesByProjects: sum((invoice) => invoice.projectId, usd),
    invoicesByCurrencies: sum(
      (invoice) => invoice.currencyFiat,
      (invoice) => invoice.amountFiat,
    ),
    invoicesByMonths: sum(month, usd),
    invoicesByDate: Object.fromEntries(
      Object.entries(sum(day, usd)).map(([key, value]) => [key, { date: dateOf(key), value }]),
    ),
  };
}
