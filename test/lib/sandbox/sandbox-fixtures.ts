import { GeneratedSource, type InvoiceItemJson, type PaymentItemJson } from '../../../lib/sandbox';

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
