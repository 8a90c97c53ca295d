import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createPaymentRows } from '../../../../lib/report/rows/report-tables';
import { BOM, csvStream, invoice, payment, readAll, wallet } from './fixtures';

// Typed out from DESIGN.md's "CSV files" section, not taken from the code.
const DESIGN_HEADER =
  'payment_id, transaction_at, amount, cryptocurrency, blockchain, hash, wallet_id, wallet_name, ' +
  'wallet_address, matched, invoice_id, invoice_uid, project_id, invoice_status, invoice_amount_usd';
const HEADER_LINE = `${DESIGN_HEADER.replaceAll(', ', ',')}\r\n`;

async function fileOf(...payments: ReturnType<typeof payment>[]): Promise<string> {
  const builder = createPaymentRows();
  for (const item of payments) builder.add(item);
  return (await readAll(csvStream(builder.build()))).toString('utf8');
}

describe('payments.csv', () => {
  it('starts with a UTF-8 BOM and the header in the order DESIGN.md gives', async () => {
    expect(await fileOf()).toBe(BOM + HEADER_LINE);
  });

  it('writes a matched payment with its wallet and invoice', async () => {
    expect(await fileOf(payment())).toBe(
      BOM +
        HEADER_LINE +
        '3c000000-0000-4000-8000-000000000001,2026-09-01 10:20:00,0.00071,BTC,bitcoin,abc123,' +
        '0b9e5bd8-0000-4000-8000-000000000001,Main,bc1qexample,true,' +
        '1a000000-0000-4000-8000-000000000001,INV-1,2b000000-0000-4000-8000-000000000001,paid,50.25\r\n',
    );
  });

  it('writes an unmatched payment with matched false and empty invoice columns', async () => {
    expect(await fileOf(payment({ invoice: undefined, amount: '0.00000095' }))).toBe(
      BOM +
        HEADER_LINE +
        '3c000000-0000-4000-8000-000000000001,2026-09-01 10:20:00,0.00000095,BTC,bitcoin,abc123,' +
        '0b9e5bd8-0000-4000-8000-000000000001,Main,bc1qexample,false,,,,,\r\n',
    );
  });

  it('neutralises formulas in hashes, wallet fields and the invoice uid, but not in amounts', async () => {
    const text = await fileOf(
      payment({
        amount: '-0.1',
        hash: '=0x1',
        wallet: wallet({ name: '@wallet', cryptocurrency: '+ETH', blockchain: '\tnet', address: '-0xabc' }),
        invoice: invoice({ uid: '\nuid', amountFiatUSD: '-5' }),
      }),
    );
    expect(text.split('\r\n')[1]).toBe(
      "3c000000-0000-4000-8000-000000000001,2026-09-01 10:20:00,-0.1,'+ETH,'\tnet,'=0x1," +
        "0b9e5bd8-0000-4000-8000-000000000001,'@wallet,'-0xabc,true," +
        `1a000000-0000-4000-8000-000000000001,"'\nuid",2b000000-0000-4000-8000-000000000001,paid,-5`,
    );
  });

  it('sorts rows by transaction time, then by id, and keeps one row per payment id', async () => {
    const id = (n: number) => `3c000000-0000-4000-8000-00000000000${n}`;
    const text = await fileOf(
      payment({ id: id(3), hash: 'third', transactionDatetime: '2026-09-10 00:00:00' }),
      payment({ id: id(2), hash: 'second', transactionDatetime: '2026-09-01 00:00:00' }),
      payment({ id: id(1), hash: 'first', transactionDatetime: '2026-09-01 00:00:00' }),
      payment({ id: id(2), hash: 'second again', transactionDatetime: '2026-09-01 00:00:00' }),
    );
    const hashes = text
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[5]);
    expect(hashes).toEqual(['first', 'second', 'third']);
  });

  it('gives back every cell when read by an independent CSV parser', async () => {
    const builder = createPaymentRows();
    builder.add(payment({ invoice: undefined, wallet: wallet({ name: 'Wallet "A", 🚀\nsecond line' }) }));
    const records: string[][] = parse(await readAll(csvStream(builder.build())), { bom: true });
    expect(records).toEqual([
      DESIGN_HEADER.split(', '),
      [
        '3c000000-0000-4000-8000-000000000001',
        '2026-09-01 10:20:00',
        '0.00071',
        'BTC',
        'bitcoin',
        'abc123',
        '0b9e5bd8-0000-4000-8000-000000000001',
        'Wallet "A", 🚀\nsecond line',
        'bc1qexample',
        'false',
        '',
        '',
        '',
        '',
        '',
      ],
    ]);
  });
});
