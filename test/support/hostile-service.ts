import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * A stand-in of the invoicing service that sends hostile records over real HTTP: its answers are
 * written as JSON text, so an amount can be a number token of any length. It honours `offset` and
 * `limit` (multipart form fields, as the spec says) and ignores every other filter: a report keeps
 * only the records of its period by their own timestamps. Payments are none.
 */
export interface HostileService {
  url: string;
  close(): Promise<void>;
}

/** The records to serve, each already JSON text, and the statistics answer's `data`. */
export interface HostileRecords {
  invoices: readonly string[];
  statistics: Record<string, unknown>;
}

const envelope = (data: string) => `{"result":"success","data":${data}}`;

export async function startHostileService(records: HostileRecords, apiKey: string): Promise<HostileService> {
  const app = new Hono();
  app.use(async (c, next) => {
    if (c.req.header('authorization') !== `Token ${apiKey}`) return c.json({ result: 'error' }, 401);
    return next();
  });
  app.post('/statistics/invoices', (c) => c.json({ result: 'success', data: records.statistics }));
  app.post('/payments/list', (c) => c.body(envelope('[]'), 200, { 'content-type': 'application/json' }));
  app.post('/invoices/list', async (c) => {
    const form = await c.req.parseBody();
    const offset = Number(form.offset ?? 0);
    const limit = Number(form.limit ?? 10);
    const page = records.invoices.slice(offset, offset + limit);
    return c.body(envelope(`[${page.join(',')}]`), 200, { 'content-type': 'application/json' });
  });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise((done) => {
            (server as { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * A paid invoice of the service, created on `day` of October 2026, as JSON text. `amount` is written as
 * a number token as it is (any number of digits); `texts` replace members with strings of any size.
 */
export function paidInvoiceText(
  n: number,
  options: { amount?: string; currencyFiat?: string; description?: string } = {},
): string {
  const hex = n.toString(16).padStart(12, '0');
  const amount = options.amount ?? '25.5';
  return [
    '{',
    `"id":"a0000000-0000-4000-8000-${hex}",`,
    `"uid":"INV-${n}",`,
    '"projectId":"d0000000-0000-4000-8000-000000000001",',
    `"createDatetime":"2026-10-${String((n % 28) + 1).padStart(2, '0')} 10:00:00",`,
    `"timeToPayDatetime":"2026-10-${String((n % 28) + 1).padStart(2, '0')} 11:00:00",`,
    `"commissionFiatUSD":${amount},`,
    `"amountFiatUSD":${amount},`,
    `"amountFiat":${amount},`,
    `"currencyFiat":${JSON.stringify(options.currencyFiat ?? 'EUR')},`,
    `"description":${JSON.stringify(options.description ?? `Order ${n}`)},`,
    '"serviceData":null,"views":1,"status":"paid",',
    `"payment":{"id":"b0000000-0000-4000-8000-${hex}","amount":${amount},`,
    `"hash":"0x${hex.padStart(64, '0')}","transactionDatetime":"2026-10-${String((n % 28) + 1).padStart(2, '0')} 10:30:00"},`,
    '"wallet":{"id":"c0000000-0000-4000-8000-000000000001","name":"Main","blockchain":"bitcoin",',
    '"cryptocurrency":"BTC","address":"bc1qexampleaddress"}',
    '}',
  ].join('');
}
