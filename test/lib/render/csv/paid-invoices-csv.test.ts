import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createPaidInvoiceRows } from '../../../../lib/report/rows/report-tables';
import { BOM, csvStream, paidInvoice, readAll, wallet } from './fixtures';

// Typed out from DESIGN.md's "CSV files" section, not taken from the code.
const DESIGN_HEADER =
  'invoice_id, invoice_uid, project_id, created_at, time_to_pay_at, status, amount_fiat, currency_fiat, ' +
  'amount_usd, commission_usd, description, service_data, views, payment_id, payment_hash, payment_amount, ' +
  'paid_at, wallet_id, wallet_name, blockchain, cryptocurrency, wallet_address';
const HEADER_LINE = `${DESIGN_HEADER.replaceAll(', ', ',')}\r\n`;

const PLAIN_ROW =
  '1a000000-0000-4000-8000-000000000001,INV-1,2b000000-0000-4000-8000-000000000001,' +
  '2026-09-01 10:00:00,2026-09-01 11:00:00,paid,46.1,EUR,50.25,0.5,Coffee,order-1,3,' +
  '3c000000-0000-4000-8000-000000000001,abc123,0.00071,2026-09-01 10:20:00,' +
  '0b9e5bd8-0000-4000-8000-000000000001,Main,bitcoin,BTC,bc1qexample\r\n';

async function fileOf(...invoices: ReturnType<typeof paidInvoice>[]): Promise<string> {
  const builder = createPaidInvoiceRows();
  for (const item of invoices) builder.add(item);
  return (await readAll(csvStream(builder.build()))).toString('utf8');
}

describe('paid-invoices.csv', () => {
  it('starts with a UTF-8 BOM and the header in the order DESIGN.md gives', async () => {
    const bytes = await readAll(csvStream(createPaidInvoiceRows().build()));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe(BOM + HEADER_LINE);
  });

  it('writes one CRLF-terminated row per invoice with every field in its column', async () => {
    expect(await fileOf(paidInvoice())).toBe(BOM + HEADER_LINE + PLAIN_ROW);
  });

  it('quotes and neutralises hostile text exactly', async () => {
    const hostile = paidInvoice({
      uid: '=HYPERLINK("http://evil.example","click")',
      currencyFiat: '\nEUR',
      description: 'Coffee, "large"\r\nwith milk 🚀',
      serviceData: '<script>alert(1)</script>',
      payment: {
        id: '3c000000-0000-4000-8000-000000000001',
        amount: '0.00000001',
        hash: '\rhash',
        transactionDatetime: '2026-09-01 10:20:00',
      },
      wallet: wallet({ name: '+1 wallet', blockchain: '-chain', cryptocurrency: '@BTC', address: '\taddr' }),
    });
    const expectedRow =
      '1a000000-0000-4000-8000-000000000001,' +
      `"'=HYPERLINK(""http://evil.example"",""click"")",` +
      '2b000000-0000-4000-8000-000000000001,2026-09-01 10:00:00,2026-09-01 11:00:00,paid,46.1,' +
      `"'\nEUR",50.25,0.5,` +
      '"Coffee, ""large""\r\nwith milk 🚀",<script>alert(1)</script>,3,' +
      `3c000000-0000-4000-8000-000000000001,"'\rhash",0.00000001,2026-09-01 10:20:00,` +
      `0b9e5bd8-0000-4000-8000-000000000001,'+1 wallet,'-chain,'@BTC,'\taddr\r\n`;
    expect(await fileOf(hostile)).toBe(BOM + HEADER_LINE + expectedRow);
  });

  it('quotes a lone line feed or carriage return inside a cell', async () => {
    const text = await fileOf(paidInvoice({ description: 'one\ntwo', serviceData: 'three\rfour' }));
    expect(text).toContain(',"one\ntwo","three\rfour",');
  });

  it('writes amounts exactly as given: tiny, negative and long ones never in exponent form', async () => {
    const text = await fileOf(
      paidInvoice({
        amountFiat: '-0.5',
        amountFiatUSD: '123456789012345678901234.99',
        commissionFiatUSD: '0.00000095',
        payment: {
          id: '3c000000-0000-4000-8000-000000000001',
          amount: '0.00000001',
          hash: 'h',
          transactionDatetime: '2026-09-01 10:20:00',
        },
      }),
    );
    expect(text).toContain(',paid,-0.5,EUR,123456789012345678901234.99,0.00000095,');
    expect(text).toContain(',h,0.00000001,');
  });

  it('leaves null description and service data as empty cells', async () => {
    const text = await fileOf(paidInvoice({ description: null, serviceData: null }));
    expect(text).toContain(',0.5,,,3,');
  });

  it('leaves the payment and wallet columns empty for a paid invoice that lacks those blocks', async () => {
    const text = await fileOf(paidInvoice({ payment: undefined, wallet: undefined }));
    expect(text.endsWith(',Coffee,order-1,3,,,,,,,,,\r\n')).toBe(true);
  });

  it('sorts rows by creation time, then by id, whatever order they arrive in', async () => {
    const late = paidInvoice({
      id: '1a000000-0000-4000-8000-000000000003',
      uid: 'late',
      createDatetime: '2026-09-02 00:00:00',
    });
    const earlyB = paidInvoice({
      id: '1a000000-0000-4000-8000-00000000000b',
      uid: 'early-b',
      createDatetime: '2026-09-01 09:00:00',
    });
    const earlyA = paidInvoice({
      id: '1a000000-0000-4000-8000-00000000000a',
      uid: 'early-a',
      createDatetime: '2026-09-01 09:00:00',
    });
    const first = paidInvoice({
      id: '1a000000-0000-4000-8000-000000000009',
      uid: 'first',
      createDatetime: '2026-08-31 23:59:59',
    });
    const text = await fileOf(late, earlyB, first, earlyA);
    const uids = text
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[1]);
    expect(uids).toEqual(['first', 'early-a', 'early-b', 'late']);
  });

  it('keeps one row per invoice id, the first one added', async () => {
    const builder = createPaidInvoiceRows();
    builder.add(paidInvoice({ uid: 'first copy' }));
    builder.add(paidInvoice({ uid: 'second copy' }));
    builder.add(paidInvoice({ id: '1a000000-0000-4000-8000-000000000002', uid: 'other' }));
    const table = builder.build();
    const text = (await readAll(csvStream(table))).toString('utf8');
    expect(table.rowCount).toBe(2);
    expect(text).toContain(',first copy,');
    expect(text).not.toContain('second copy');
  });

  it('gives back every cell when read by an independent CSV parser', async () => {
    const hostile = paidInvoice({
      uid: 'A,"B"',
      description: 'line one\r\nline two\nline three 🚀',
      serviceData: '=cmd|" /C calc"!A0',
      wallet: wallet({ name: 'Ünïcødé wallet' }),
    });
    const records: string[][] = parse(await readAll(csvStream(createAndBuild(hostile))), { bom: true });
    expect(records).toEqual([
      DESIGN_HEADER.split(', '),
      [
        '1a000000-0000-4000-8000-000000000001',
        'A,"B"',
        '2b000000-0000-4000-8000-000000000001',
        '2026-09-01 10:00:00',
        '2026-09-01 11:00:00',
        'paid',
        '46.1',
        'EUR',
        '50.25',
        '0.5',
        'line one\r\nline two\nline three 🚀',
        `'=cmd|" /C calc"!A0`,
        '3',
        '3c000000-0000-4000-8000-000000000001',
        'abc123',
        '0.00071',
        '2026-09-01 10:20:00',
        '0b9e5bd8-0000-4000-8000-000000000001',
        'Ünïcødé wallet',
        'bitcoin',
        'BTC',
        'bc1qexample',
      ],
    ]);
  });
});

function createAndBuild(...invoices: ReturnType<typeof paidInvoice>[]) {
  const builder = createPaidInvoiceRows();
  for (const item of invoices) builder.add(item);
  return builder.build();
}
