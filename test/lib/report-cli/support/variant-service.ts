import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';

/**
 * A stand-in of the invoicing service of its own, on plain `node:http`, that reads the spec in one of
 * several ways where it is silent: how amounts are written, the case of UUIDs, the order of lists, what
 * an offset past the end gives, the largest limit, empty pages, null or missing texts, extra members,
 * content codings. Its data are generated from integers so that a test can work out every figure by hand.
 */

export interface Variant {
  /** `number` (12.5) or `string` ("12.500"). */
  amounts?: 'number' | 'string';
  /** Case of every UUID the service writes. */
  uuidCase?: 'lower' | 'upper';
  order?: 'asc' | 'desc' | 'id' | 'hour-shuffled';
  /** What an offset past the end gives. */
  pastEnd?: 'empty' | '404' | 'lastPage';
  /** A silent cap on `limit`. */
  maxLimit?: number;
  /** How an empty page is written. */
  emptyAs?: 'array' | 'object' | 'null' | 'missing' | '404' | '204' | 'error200';
  /** Statistics summed from each invoice's USD amount rounded to cents. */
  statsPerInvoiceCents?: boolean;
  /** How a text without value is written. */
  nullText?: 'null' | 'missing' | 'empty';
  extraMembers?: boolean;
  encoding?: 'gzip' | 'deflate' | 'deflate-raw' | 'br';
  contentType?: string;
  /** Status values as written. */
  statusCase?: 'lower' | 'upper' | 'title';
  /** How many records each list holds in the window. */
  invoices?: number;
  payments?: number;
  /** `endDate` read as exclusive rather than inclusive. */
  endExclusive?: boolean;
  /** How an absent `payment`, `wallet` or `invoice` block is written. */
  absentBlocks?: 'missing' | 'null' | 'empty-array';
}

const STATUSES = ['paid', 'paid', 'paid', 'unpaid', 'expired', 'canceled'] as const;

function uuid(kind: number, n: number): string {
  return `${kind.toString(16).repeat(8)}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/** Minutes from 2026-08-31 00:00 UTC, written as `Y-m-d H:i:s`. */
function datetime(minutes: number): string {
  return new Date(Date.UTC(2026, 7, 31) + minutes * 60_000).toISOString().replace('T', ' ').slice(0, 19);
}

/** Invoice `n`: its fields, amounts in cents (integers) for hand sums. */
export interface InvoiceData {
  n: number;
  id: string;
  projectId: string;
  createDatetime: string;
  status: (typeof STATUSES)[number];
  /** USD amount in thousandths of a dollar: three decimals, so that rounding once matters. */
  usdMilli: number;
  commissionMilli: number;
  fiatCents: number;
  currency: string;
  payment?: { id: string; amountSat: number; transactionDatetime: string };
}

export interface PaymentData {
  n: number;
  id: string;
  amountSat: number;
  transactionDatetime: string;
  invoice?: InvoiceData;
}

export function generate(invoiceCount: number, paymentCount: number) {
  const invoices: InvoiceData[] = [];
  // Spread over 33 days from 31 Aug to 2 Oct so that some fall outside September.
  const span = 33 * 24 * 60;
  for (let n = 0; n < invoiceCount; n++) {
    const minutes = Math.floor((n * span) / invoiceCount) + (n % 7);
    const status = STATUSES[n % STATUSES.length]!;
    const invoice: InvoiceData = {
      n,
      id: uuid(0xa, n),
      projectId: uuid(0xd, n % 3),
      createDatetime: datetime(minutes),
      status,
      usdMilli: 10_005 + ((n * 7) % 1000),
      commissionMilli: 105 + (n % 10),
      fiatCents: 900 + ((n * 13) % 500),
      currency: n % 4 === 0 ? 'EUR' : 'USD',
    };
    if (status === 'paid') {
      invoice.payment = {
        id: uuid(0xb, n),
        amountSat: 1000 + n,
        transactionDatetime: datetime(minutes + 5),
      };
    }
    invoices.push(invoice);
  }
  const payments: PaymentData[] = invoices
    .filter((invoice) => invoice.payment !== undefined)
    .map((invoice) => ({
      n: invoice.n,
      id: invoice.payment!.id,
      amountSat: invoice.payment!.amountSat,
      transactionDatetime: invoice.payment!.transactionDatetime,
      invoice,
    }));
  for (let m = 0; m < paymentCount; m++) {
    payments.push({
      n: 100_000 + m,
      id: uuid(0xb, 100_000 + m),
      amountSat: 77 + m,
      transactionDatetime: datetime(Math.floor((m * span) / paymentCount) + 3),
    });
  }
  return { invoices, payments };
}

const milliText = (milli: number) => (milli / 1000).toFixed(3);
const centsText = (cents: number) => (cents / 100).toFixed(2);
const satText = (sat: number) => (sat / 1e8).toFixed(8);

export async function startVariantService(variant: Variant) {
  const { invoices, payments } = generate(variant.invoices ?? 250, variant.payments ?? 20);
  const requests: { path: string; fields: Record<string, string> }[] = [];

  const id = (text: string) => (variant.uuidCase === 'upper' ? text.toUpperCase() : text);
  const amount = (text: string) => (variant.amounts === 'string' ? text : Number(text));
  const status = (text: string) =>
    variant.statusCase === 'upper'
      ? text.toUpperCase()
      : variant.statusCase === 'title'
        ? text.charAt(0).toUpperCase() + text.slice(1)
        : text;
  const wallet = {
    id: id(uuid(0xc, 1)),
    name: 'Main',
    blockchain: 'bitcoin',
    cryptocurrency: 'BTC',
    address: 'bc1qexample',
  };
  const absent = () =>
    variant.absentBlocks === 'null' ? null : variant.absentBlocks === 'empty-array' ? [] : undefined;

  const invoiceJson = (invoice: InvoiceData) => {
    const json: Record<string, unknown> = {
      id: id(invoice.id),
      uid: `INV-${invoice.n}`,
      projectId: id(invoice.projectId),
      createDatetime: invoice.createDatetime,
      timeToPayDatetime: invoice.createDatetime,
      commissionFiatUSD: amount(milliText(invoice.commissionMilli)),
      amountFiatUSD: amount(milliText(invoice.usdMilli)),
      amountFiat: amount(centsText(invoice.fiatCents)),
      currencyFiat: invoice.currency,
      views: invoice.n % 5,
      status: status(invoice.status),
    };
    for (const [field, value] of [
      ['description', invoice.n % 2 === 0 ? `Order ${invoice.n}` : null],
      ['serviceData', null],
    ] as const) {
      if (value !== null) json[field] = value;
      else if (variant.nullText === 'empty') json[field] = '';
      else if (variant.nullText !== 'missing') json[field] = null;
    }
    if (variant.extraMembers) {
      json.updatedAt = '2026-10-01 00:00:00';
      json.customer = { email: 'x@example.com' };
      json.amountFiatUSDRounded = 0;
    }
    return json;
  };

  const paymentBlock = (payment: NonNullable<InvoiceData['payment']>) => ({
    id: id(payment.id),
    amount: amount(satText(payment.amountSat)),
    hash: `0x${payment.id.replaceAll('-', '')}`,
    transactionDatetime: payment.transactionDatetime,
  });

  const invoiceItem = (invoice: InvoiceData) => {
    const json = invoiceJson(invoice);
    if (invoice.payment) {
      json.payment = paymentBlock(invoice.payment);
      json.wallet = wallet;
    } else if (absent() !== undefined) {
      json.payment = absent();
      json.wallet = absent();
    }
    return json;
  };

  const paymentItem = (payment: PaymentData) => {
    const json: Record<string, unknown> = {
      ...paymentBlock({
        id: payment.id,
        amountSat: payment.amountSat,
        transactionDatetime: payment.transactionDatetime,
      }),
      wallet,
    };
    if (payment.invoice) json.invoice = invoiceJson(payment.invoice);
    else if (absent() !== undefined) json.invoice = absent();
    if (variant.extraMembers) json.confirmations = 6;
    return json;
  };

  const inDates = (at: string, fields: Record<string, string>) => {
    const day = at.slice(0, 10);
    if (fields.startDate && day < fields.startDate) return false;
    if (fields.endDate && (variant.endExclusive ? day >= fields.endDate : day > fields.endDate)) return false;
    return true;
  };

  const sorted = <T extends { id: string }>(records: T[], at: (record: T) => string) => {
    const copy = [...records];
    if (variant.order === 'desc') copy.sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : 0));
    else if (variant.order === 'id') copy.sort((a, b) => (a.id < b.id ? -1 : 1));
    else if (variant.order === 'hour-shuffled') {
      // Sorted by the hour only: records of one hour come in a different order at each request, as a
      // database gives rows that tie on the sort key.
      const keyed = copy.map((record) => ({ record, hour: at(record).slice(0, 13), r: Math.random() }));
      keyed.sort((a, b) => (a.hour < b.hour ? -1 : a.hour > b.hour ? 1 : a.r - b.r));
      return keyed.map((entry) => entry.record);
    } else copy.sort((a, b) => (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0));
    return copy;
  };

  const page = <T>(records: T[], fields: Record<string, string>): T[] | 'past-end' => {
    const offset = Number(fields.offset ?? 0);
    const limit = Math.min(Number(fields.limit ?? 10), variant.maxLimit ?? Number.POSITIVE_INFINITY);
    if (offset >= records.length && offset > 0) {
      if (variant.pastEnd === '404') return 'past-end';
      if (variant.pastEnd === 'lastPage') return records.slice(Math.max(0, records.length - limit));
    }
    return records.slice(offset, offset + limit);
  };

  const statistics = (fields: Record<string, string>) => {
    const chosen = invoices.filter((invoice) => inDates(invoice.createDatetime, fields));
    const paid = chosen.filter((invoice) => invoice.status === 'paid');
    const byProjects: Record<string, number> = {};
    const byCurrencies: Record<string, number> = {};
    const byMonths: Record<string, number> = {};
    const byDate: Record<string, { date: number; value: number }> = {};
    let total = 0;
    for (const invoice of paid) {
      const usd = variant.statsPerInvoiceCents
        ? Math.floor((invoice.usdMilli + 5) / 10) / 100
        : invoice.usdMilli / 1000;
      total += usd;
      const project = id(invoice.projectId);
      byProjects[project] = (byProjects[project] ?? 0) + usd;
      byCurrencies[invoice.currency] = (byCurrencies[invoice.currency] ?? 0) + invoice.fiatCents / 100;
      const day = invoice.createDatetime.slice(0, 10);
      const month = `${new Date(`${day}T00:00:00Z`).toLocaleString('en', { month: 'long', timeZone: 'UTC' })}-${day.slice(0, 4)}`;
      byMonths[month] = (byMonths[month] ?? 0) + usd;
      byDate[day] ??= { date: Date.parse(`${day}T00:00:00Z`), value: 0 };
      byDate[day].value += usd;
    }
    const a = (value: number) => (variant.amounts === 'string' ? String(value) : value);
    const map = (record: Record<string, number>) =>
      Object.fromEntries(Object.entries(record).map(([key, value]) => [key, a(value)]));
    return {
      invoicesTotalNum: chosen.length,
      invoicesPaidNum: paid.length,
      invoicesTotalUSD: a(total),
      invoicesByProjects: map(byProjects),
      invoicesByCurrencies: map(byCurrencies),
      invoicesByMonths: map(byMonths),
      invoicesByDate: Object.fromEntries(
        Object.entries(byDate).map(([key, value]) => [key, { date: value.date, value: a(value.value) }]),
      ),
    };
  };

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    let bytes: Buffer = Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = {
      'content-type': variant.contentType ?? 'application/json',
    };
    if (variant.encoding === 'gzip') bytes = gzipSync(bytes);
    if (variant.encoding === 'deflate') bytes = deflateSync(bytes);
    if (variant.encoding === 'deflate-raw') bytes = deflateRawSync(bytes);
    if (variant.encoding === 'br') bytes = brotliCompressSync(bytes);
    if (variant.encoding)
      headers['content-encoding'] = variant.encoding === 'deflate-raw' ? 'deflate' : variant.encoding;
    response.writeHead(status, headers).end(bytes);
  };

  const listAnswer = (response: ServerResponse, records: unknown[] | 'past-end') => {
    if (records === 'past-end') return answer(response, 404, { result: 'error', message: 'Not found' });
    if (records.length === 0) {
      if (variant.emptyAs === 'object') return answer(response, 200, { result: 'success', data: {} });
      if (variant.emptyAs === 'null') return answer(response, 200, { result: 'success', data: null });
      if (variant.emptyAs === 'missing') return answer(response, 200, { result: 'success' });
      if (variant.emptyAs === '404') return answer(response, 404, { result: 'error', message: 'Not found' });
      if (variant.emptyAs === 'error200')
        return answer(response, 200, { result: 'error', message: 'No records found' });
      if (variant.emptyAs === '204') return void response.writeHead(204).end();
    }
    return answer(response, 200, { result: 'success', data: records });
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = await new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    }).formData();
    const fields: Record<string, string> = {};
    for (const [key, value] of form) fields[key] = String(value);
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push({ path, fields });
    if (request.headers.authorization !== 'Token the-key') {
      return answer(response, 401, { result: 'error', message: 'Unauthorized' });
    }
    if (path === '/statistics/invoices') {
      return answer(response, 200, { result: 'success', data: statistics(fields) });
    }
    if (path === '/invoices/list') {
      const chosen = invoices.filter(
        (invoice) =>
          inDates(invoice.createDatetime, fields) &&
          (!fields.status || invoice.status === fields.status.toLowerCase()) &&
          (!fields.projectId || invoice.projectId.toLowerCase() === fields.projectId.toLowerCase()),
      );
      const records = page(
        sorted(chosen, (invoice) => `${invoice.createDatetime}`),
        fields,
      );
      return listAnswer(response, records === 'past-end' ? records : records.map(invoiceItem));
    }
    if (path === '/payments/list') {
      const chosen = payments.filter((payment) => inDates(payment.transactionDatetime, fields));
      const records = page(
        sorted(chosen, (payment) => payment.transactionDatetime),
        fields,
      );
      return listAnswer(response, records === 'past-end' ? records : records.map(paymentItem));
    }
    return answer(response, 404, { result: 'error', message: 'No route' });
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    invoices,
    payments,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A failed run leaves its keep-alive connections open, which would hold `close` for seconds.
        server.closeAllConnections();
      }),
  };
}
