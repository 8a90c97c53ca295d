import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../../../lib/invoicing';
import { buildReport } from '../../../../lib/report/build-report';
import { type FakeServiceOptions, fakeInvoicingClient } from '../../report/support/fake-invoicing-client';
import {
  BTC_WALLET,
  invoice,
  invoiceBlock,
  PROJECT_A,
  PROJECT_B,
  payment,
  USDT_WALLET,
  uuid,
} from '../../report/support/records';
import { writeReportFolder } from '../report-folder';

/**
 * September 2026 in UTC with three paid invoices, worked out by hand:
 * - k1 on 1 Sep 10:00: 46.10 EUR = 50.25 USD, commission 0.50, paid with 0.00071 BTC, a description
 *   that reads as a formula;
 * - k2 on 2 Sep 00:00: 1,500 JPY = 10.01 USD, commission 0.10, paid with 0.123456789012345678 BTC (18
 *   decimals: more than a double holds), a description of two lines;
 * - k3 on 30 Sep 23:59:59: invoiced 20.00 USD, received 19.99 USD (under-paid by 0.01), commission 0.20,
 *   paid with 19.99 USDT, in project B.
 * Paid total 50.25 + 10.01 + 19.99 = 80.25 USD; commission 0.50 + 0.10 + 0.20 = 0.80 USD; net received
 * 79.45 USD. Project A (named "Web shop"): 60.26 paid, 0.60 commission, 59.66 net; project B (no name):
 * 19.99, 0.20, 19.79.
 * Payments: the three, plus one unmatched of 0.00000095 BTC on 15 Sep.
 * August, compared with: k0 on 20 Aug, 30.00 USD paid; so September has 2 more paid invoices and
 * 50.25 USD more paid, 167.5 % more (50.25 / 30).
 */
const k0 = invoice('2026-08-20 09:00:00', { id: uuid('1b', 0), amountFiatUSD: '30', amountFiat: '30' });
const k1 = invoice('2026-09-01 10:00:00', {
  id: uuid('1b', 1),
  uid: '+1 order',
  amountFiat: '46.1',
  currencyFiat: 'EUR',
  amountFiatUSD: '50.25',
  commissionFiatUSD: '0.5',
  description: '=HYPERLINK("http://evil.example","click")',
  serviceData: 'order-1',
  views: 1234,
});
const k1Paid = { ...k1, payment: { ...k1.payment!, amount: '0.00071' } };
const k2 = invoice('2026-09-02 00:00:00', {
  id: uuid('1b', 2),
  amountFiat: '1500',
  currencyFiat: 'JPY',
  amountFiatUSD: '10.01',
  commissionFiatUSD: '0.1',
  description: 'line one\nline two',
});
const k2Paid = { ...k2, payment: { ...k2.payment!, amount: '0.123456789012345678' } };
const k3 = invoice('2026-09-30 23:59:59', {
  id: uuid('1b', 3),
  projectId: PROJECT_B,
  amountFiat: '20',
  currencyFiat: 'USD',
  amountFiatUSD: '19.99',
  commissionFiatUSD: '0.2',
  wallet: USDT_WALLET,
});
const k3Paid = { ...k3, payment: { ...k3.payment!, amount: '19.99' } };
const paidInvoices = [k1Paid, k2Paid, k3Paid];
const payments = [
  ...paidInvoices.map((item) =>
    payment(item.payment!.transactionDatetime, {
      id: item.payment!.id,
      amount: item.payment!.amount,
      hash: item.payment!.hash,
      wallet: item.wallet!,
      invoice: invoiceBlock(item),
    }),
  ),
  payment('2026-09-15 12:00:00', { id: uuid('9c', 4), amount: '0.00000095' }),
];

let outDir: string;
let workbook: ExcelJS.Workbook;
let summary: {
  invoices: {
    paid: number;
    paidTotalUSD: number;
    commissionTotalUSD: number;
    netReceivedUSD: number;
    underpaid: { count: number; differenceUSD: number };
    overpaid: { count: number; differenceUSD: number };
  };
  projectNames: Record<string, string>;
  payments: { total: number };
};

/**
 * The September 2026 report (UTC) of a service holding these records, as of `now` (after the month by
 * default), written to a folder of its own: the folder and its workbook read back.
 */
async function writeReport(
  service: FakeServiceOptions,
  request: { projectId?: string; projectNames?: Record<string, string> } = {},
  now = '2026-10-01T06:00:00Z',
): Promise<{ folder: string; workbook: ExcelJS.Workbook }> {
  const report = await buildReport(
    fakeInvoicingClient(service),
    {
      period: '2026-09',
      timezone: 'UTC',
      account: 'Acme',
      projectNames: { [PROJECT_A]: 'Web shop' },
      ...request,
    },
    { apiUrl: 'https://api.example.com', now: new Date(now) },
  );
  const folder = await writeReportFolder(report, await mkdtemp(join(outDir, 'report-')));
  const read = new ExcelJS.Workbook();
  await read.xlsx.readFile(join(folder, 'report.xlsx'));
  return { folder, workbook: read };
}

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'report-workbook-'));
  const written = await writeReport({ invoices: [k0, ...paidInvoices], payments });
  workbook = written.workbook;
  summary = JSON.parse(await readFile(join(written.folder, 'summary.json'), 'utf8'));
});

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

const sheet = (name: string, book = workbook) => {
  const found = book.getWorksheet(name);
  if (!found) throw new Error(`no sheet ${name}`);
  return found;
};

/** The values of a sheet's column, by header, below the header row. */
function columnValues(name: string, header: string): unknown[] {
  const worksheet = sheet(name);
  const headers = (worksheet.getRow(1).values as unknown[]).slice(1);
  const index = headers.indexOf(header) + 1;
  if (index === 0) throw new Error(`no column ${header} in ${name}`);
  const values: unknown[] = [];
  for (let row = 2; row <= worksheet.rowCount; row++) values.push(worksheet.getRow(row).getCell(index).value);
  return values;
}

function cellOf(name: string, header: string, row: number): ExcelJS.Cell {
  const worksheet = sheet(name);
  const headers = (worksheet.getRow(1).values as unknown[]).slice(1);
  return worksheet.getRow(row).getCell(headers.indexOf(header) + 1);
}

describe('report.xlsx', () => {
  it('has the Summary, Paid invoices, Payments and Unmatched payments sheets, in that order', () => {
    expect(workbook.worksheets.map((worksheet) => worksheet.name)).toEqual([
      'Summary',
      'Paid invoices',
      'Payments',
      'Unmatched payments',
    ]);
  });

  it("gives each list sheet the CSV's columns in the same order, one row per record and no totals row", () => {
    const headers = (name: string) => (sheet(name).getRow(1).values as unknown[]).slice(1);
    // Typed out from DESIGN.md's "CSV files" section.
    expect(headers('Paid invoices')).toEqual(
      (
        'invoice_id, invoice_uid, project_id, created_at, time_to_pay_at, status, amount_fiat, currency_fiat, ' +
        'amount_usd, commission_usd, description, service_data, views, payment_id, payment_hash, payment_amount, ' +
        'paid_at, wallet_id, wallet_name, blockchain, cryptocurrency, wallet_address'
      ).split(', '),
    );
    expect(headers('Payments')).toEqual(
      (
        'payment_id, transaction_at, amount, cryptocurrency, blockchain, hash, wallet_id, wallet_name, ' +
        'wallet_address, matched, invoice_id, invoice_uid, project_id, invoice_status, invoice_amount_usd'
      ).split(', '),
    );
    expect(sheet('Paid invoices').rowCount).toBe(4);
    expect(sheet('Payments').rowCount).toBe(5);
    expect(columnValues('Paid invoices', 'invoice_id')).toEqual([
      uuid('1b', 1),
      uuid('1b', 2),
      uuid('1b', 3),
    ]);
  });

  it('freezes the header row, filters every column and sets the widths', () => {
    for (const [name, lastColumn, lastRow] of [
      ['Paid invoices', 'V', 4],
      ['Payments', 'O', 5],
    ] as const) {
      const worksheet = sheet(name);
      expect(worksheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(worksheet.autoFilter).toBe(`A1:${lastColumn}${lastRow}`);
      expect(worksheet.getRow(1).font).toMatchObject({ bold: true });
      expect(worksheet.getColumn(1).width).toBe(38);
    }
    expect(sheet('Paid invoices').getColumn(11).width).toBe(48);
  });

  it('makes the hash, wallet address and timestamp columns wide enough for a whole value', () => {
    const widthOf = (name: string, header: string) => {
      const headers = (sheet(name).getRow(1).values as unknown[]).slice(1);
      return sheet(name).getColumn(headers.indexOf(header) + 1).width;
    };
    // A transaction hash is 64 hex digits (66 with Ethereum's 0x); an address 34 (Bitcoin, Tron) to 42
    // characters (Ethereum, bech32).
    expect(widthOf('Paid invoices', 'payment_hash')).toBe(68);
    expect(widthOf('Payments', 'hash')).toBe(68);
    expect(widthOf('Paid invoices', 'wallet_address')).toBe(44);
    expect(widthOf('Payments', 'wallet_address')).toBe(44);
    // `2026-09-30 23:59:59 UTC` is 23 characters; a column shows about a character less than its width.
    for (const header of ['created_at', 'time_to_pay_at', 'paid_at']) {
      expect(widthOf('Paid invoices', header)).toBeGreaterThanOrEqual(25);
    }
    expect(widthOf('Payments', 'transaction_at')).toBeGreaterThanOrEqual(25);
  });

  it('writes money and counts as numbers with formats', () => {
    expect(columnValues('Paid invoices', 'amount_usd')).toEqual([50.25, 10.01, 19.99]);
    expect(cellOf('Paid invoices', 'amount_usd', 2).numFmt).toBe('#,##0.00');
    expect(columnValues('Paid invoices', 'commission_usd')).toEqual([0.5, 0.1, 0.2]);
    // Each fiat amount in its currency's minor unit: cents for EUR and USD, whole yen.
    expect(columnValues('Paid invoices', 'amount_fiat')).toEqual([46.1, 1500, 20]);
    expect([2, 3, 4].map((row) => cellOf('Paid invoices', 'amount_fiat', row).numFmt)).toEqual([
      '#,##0.00',
      '#,##0',
      '#,##0.00',
    ]);
    expect(cellOf('Paid invoices', 'views', 2).value).toBe(1234);
    expect(cellOf('Paid invoices', 'views', 2).numFmt).toBe('#,##0');
  });

  it('writes timestamps as date cells in UTC, each showing UTC: the headers are the CSV names and cannot say it', () => {
    expect(cellOf('Paid invoices', 'created_at', 2).value).toEqual(new Date('2026-09-01T10:00:00Z'));
    expect(cellOf('Paid invoices', 'created_at', 4).value).toEqual(new Date('2026-09-30T23:59:59Z'));
    expect(cellOf('Payments', 'transaction_at', 4).value).toEqual(new Date('2026-09-15T12:00:00Z'));
    // The format's quoted literal: the cell reads `2026-09-30 23:59:59 UTC` and stays a date.
    const utc = 'yyyy-mm-dd hh:mm:ss "UTC"';
    for (const [header, row] of [
      ['created_at', 2],
      ['created_at', 4],
      ['time_to_pay_at', 4],
      ['paid_at', 4],
    ] as const) {
      expect(cellOf('Paid invoices', header, row).numFmt).toBe(utc);
      expect(cellOf('Paid invoices', header, row).type).toBe(ExcelJS.ValueType.Date);
    }
    expect(cellOf('Payments', 'transaction_at', 2).numFmt).toBe(utc);
  });

  it('writes a crypto amount a double holds as a number showing its decimals, a longer one as text with every digit', () => {
    const btc = cellOf('Paid invoices', 'payment_amount', 2);
    expect(btc.value).toBe(0.00071);
    expect(btc.numFmt).toBe('#,##0.00000');
    const long = cellOf('Paid invoices', 'payment_amount', 3);
    expect(long.type).toBe(ExcelJS.ValueType.String);
    expect(long.value).toBe('0.123456789012345678');
    expect(long.alignment).toMatchObject({ horizontal: 'right' });
    const dust = cellOf('Payments', 'amount', 4);
    expect(dust.value).toBe(0.00000095);
    expect(dust.numFmt).toBe('#,##0.00000000');
  });

  it('keeps text that reads as a formula as text, exactly, and never a formula', () => {
    const description = cellOf('Paid invoices', 'description', 2);
    expect(description.type).toBe(ExcelJS.ValueType.String);
    expect(description.value).toBe('=HYPERLINK("http://evil.example","click")');
    expect(description.formula).toBeUndefined();
    expect(description.numFmt).toBe('@');
    expect(cellOf('Paid invoices', 'invoice_uid', 2).value).toBe('+1 order');
  });

  it('wraps a multi-line description and makes its row tall enough, so it does not run into the next row', () => {
    const description = cellOf('Paid invoices', 'description', 3);
    expect(description.value).toBe('line one\nline two');
    expect(description.alignment).toMatchObject({ wrapText: true, vertical: 'top' });
    expect(sheet('Paid invoices').getRow(3).height).toBe(30);
    expect(sheet('Paid invoices').getRow(2).height).toBeUndefined();
  });

  it('writes matched as a true/false cell and leaves the invoice cells of an unmatched payment empty', () => {
    expect(columnValues('Payments', 'matched')).toEqual([true, true, false, true]);
    // A format LibreOffice shows as its own true/false words (it shows a bare boolean cell as 1).
    expect(cellOf('Payments', 'matched', 2).numFmt).toBe('"TRUE";"TRUE";"FALSE"');
    expect(cellOf('Payments', 'matched', 2).type).toBe(ExcelJS.ValueType.Boolean);
    expect(cellOf('Payments', 'matched', 4).type).toBe(ExcelJS.ValueType.Boolean);
    expect(cellOf('Payments', 'invoice_id', 4).value).toBeNull();
  });

  it("adds up the Paid invoices sheet to summary.json's totals", () => {
    const add = (values: unknown[]) => (values as number[]).reduce((sum, value) => sum + value, 0);
    const cents = (value: number) => Math.round(value * 100);
    expect(cents(add(columnValues('Paid invoices', 'amount_usd')))).toBe(8025);
    expect(cents(add(columnValues('Paid invoices', 'commission_usd')))).toBe(80);
    expect(summary.invoices.paidTotalUSD).toBe(80.25);
    expect(summary.invoices.commissionTotalUSD).toBe(0.8);
    expect(columnValues('Paid invoices', 'invoice_id')).toHaveLength(summary.invoices.paid);
    expect(columnValues('Payments', 'payment_id')).toHaveLength(summary.payments.total);
  });

  /** The Summary sheet's second cell of each row by its first cell's label (the first row of a label). */
  function summaryRows(book = workbook): Map<string, ExcelJS.Cell> {
    const rows = new Map<string, ExcelJS.Cell>();
    sheet('Summary', book).eachRow((row) => {
      const label = row.getCell(1).value;
      if (typeof label === 'string' && !rows.has(label)) rows.set(label, row.getCell(2));
    });
    return rows;
  }

  it('states the period and the headline figures on the Summary sheet, as numbers with formats', () => {
    const rows = summaryRows();
    expect(rows.get('Period')?.value).toBe('2026-09');
    expect(rows.get('Time zone')?.value).toBe('UTC');
    expect(rows.get('Complete')?.value).toBe(true);
    expect(rows.get('Starts (UTC)')?.value).toEqual(new Date('2026-09-01T00:00:00Z'));
    expect(rows.get('As of (UTC)')?.value).toEqual(new Date('2026-10-01T00:00:00Z'));
    expect(rows.get('Invoices')?.value).toBe(3);
    expect(rows.get('Paid total (USD)')?.value).toBe(80.25);
    expect(rows.get('Paid total (USD)')?.numFmt).toBe('#,##0.00');
    expect(rows.get('Commission (USD)')?.value).toBe(0.8);
    expect(rows.get('Payments')?.value).toBe(4);
    expect(rows.get('Unmatched')?.value).toBe(1);
    // The BTC payments matched on 1 and 2 September are days from the unmatched one: no estimate.
    expect(rows.get('Unmatched, estimated total (USD)')?.value).toBe(0);
    expect(rows.get('Unmatched with a likely invoice')?.value).toBe(0);
    expect(rows.get('Every check agrees')?.value).toBe(true);
  });

  it('writes each yes or no of the Summary sheet as a true/false cell, as the checks and `matched` are', () => {
    const flags = new Map<string, ExcelJS.Cell>();
    const texts: unknown[] = [];
    sheet('Summary').eachRow((row) => {
      row.eachCell((cell) => {
        if (cell.type === ExcelJS.ValueType.Boolean) flags.set(String(row.getCell(1).value), cell);
        else if (cell.type === ExcelJS.ValueType.String) texts.push(cell.value);
      });
    });
    expect(texts.filter((text) => /^(yes|no)\b/i.test(String(text)))).toEqual([]);
    expect(flags.get('Complete')?.value).toBe(true);
    expect(flags.get('Every check agrees')?.value).toBe(true);
    for (const cell of flags.values()) {
      // The format LibreOffice shows in its own words (WAHR in German), centred as in the checks' table.
      expect(cell.numFmt).toBe('"TRUE";"TRUE";"FALSE"');
      expect(cell.alignment).toMatchObject({ horizontal: 'center' });
    }
  });

  it('says beside a period not ended that its figures run to "As of"', async () => {
    const { workbook: soFar } = await writeReport(
      { invoices: paidInvoices, payments },
      {},
      '2026-09-15T12:00:00Z',
    );
    let complete: ExcelJS.Row | undefined;
    sheet('Summary', soFar).eachRow((row) => {
      if (row.getCell(1).value === 'Complete') complete = row;
    });
    expect(complete?.getCell(2).value).toBe(false);
    expect(complete?.getCell(2).type).toBe(ExcelJS.ValueType.Boolean);
    expect(complete?.getCell(3).value).toBe('so far: the figures run to "As of"');
    expect(summaryRows(soFar).get('As of (UTC)')?.value).toEqual(new Date('2026-09-15T12:00:00Z'));
  });

  it("shows UTC in the Summary sheet's instants, as their labels say", () => {
    const utc = 'yyyy-mm-dd hh:mm:ss "UTC"';
    const formats: Record<string, string> = {};
    sheet('Summary').eachRow((row) => {
      const value = row.getCell(2);
      if (value.type === ExcelJS.ValueType.Date) formats[String(row.getCell(1).value)] = value.numFmt;
    });
    expect(formats).toEqual({
      'Starts (UTC)': utc,
      'Ends (UTC)': utc,
      'As of (UTC)': utc,
      'Generated at (UTC)': utc,
      'Span compared from (UTC)': utc,
      'Span compared to (UTC)': utc,
    });
  });

  it('lists the invoices by status in the order the page does: paid, unpaid, expired, canceled', async () => {
    const others = [...['unpaid', 'unpaid'], ...['expired', 'expired', 'expired', 'expired'], 'canceled'].map(
      (status, index) =>
        invoice(`2026-09-${String(10 + index).padStart(2, '0')} 08:00:00`, {
          id: uuid('1c', index),
          status: status as InvoiceStatus,
        }),
    );
    const { workbook: statuses } = await writeReport({ invoices: [...paidInvoices, ...others], payments });
    const rows: [unknown, unknown][] = [];
    sheet('Summary', statuses).eachRow((row) => {
      const label = String(row.getCell(1).value);
      if (label.startsWith('Status ')) rows.push([label, row.getCell(2).value]);
    });
    expect(rows).toEqual([
      ['Status paid', 3],
      ['Status unpaid', 2],
      ['Status expired', 4],
      ['Status canceled', 1],
    ]);
    // Every status the service has, once.
    expect(rows.map(([label]) => String(label).slice('Status '.length)).sort()).toEqual(
      [...INVOICE_STATUSES].sort(),
    );
  });

  it('says in words what the period is compared with, as the page does', () => {
    // September is complete: it is compared with the whole of August.
    expect(summaryRows().get('Comparison')?.value).toBe('the whole of August 2026');
  });

  /** The Summary sheet's labels (its first column's text) under a section's heading, to the blank row after it. */
  function sectionLabels(title: string): string[] {
    const labels: string[] = [];
    let inSection = false;
    sheet('Summary').eachRow({ includeEmpty: true }, (row) => {
      const label = row.getCell(1).value;
      if (label === title) inSection = true;
      else if (label === null) inSection = false;
      else if (inSection) labels.push(String(label));
    });
    return labels;
  }

  it("names the previous period in its figures' labels, so that a lookup by label finds this period's", () => {
    const rows = summaryRows();
    expect(sectionLabels('Compared with 2026-08')).toEqual([
      'Span compared from (UTC)',
      'Span compared to (UTC)',
      'Comparison',
      'Paid, 2026-08',
      'Paid total, 2026-08 (USD)',
      'Change in paid',
      'Change in paid total (USD)',
      'Change in paid total (%)',
    ]);
    expect(rows.get('Paid, 2026-08')?.value).toBe(1);
    expect(rows.get('Paid total, 2026-08 (USD)')?.value).toBe(30);
    expect(rows.get('Change in paid')?.value).toBe(2);
    expect(rows.get('Change in paid total (USD)')?.value).toBe(50.25);
    expect(rows.get('Change in paid total (%)')?.value).toBe(167.5);
    const labels: unknown[] = [];
    sheet('Summary').eachRow((row) => {
      labels.push(row.getCell(1).value);
    });
    expect(labels.filter((label) => label === 'Paid total (USD)')).toHaveLength(1);
    expect(rows.get('Paid total (USD)')?.value).toBe(80.25);
  });

  it('states net received and the under- and over-paid USD invoices on the Summary sheet, as summary.json does', () => {
    const rows = summaryRows();
    expect(rows.get('Net received (USD)')?.value).toBe(79.45);
    expect(rows.get('Net received (USD)')?.numFmt).toBe('#,##0.00');
    expect(rows.get('Under-paid USD invoices')?.value).toBe(1);
    expect(rows.get('Under-paid difference (USD)')?.value).toBe(-0.01);
    expect(rows.get('Over-paid USD invoices')?.value).toBe(0);
    expect(rows.get('Over-paid difference (USD)')?.value).toBe(0);
    expect(summary.invoices).toMatchObject({
      netReceivedUSD: 79.45,
      underpaid: { count: 1, differenceUSD: -0.01 },
      overpaid: { count: 0, differenceUSD: 0 },
    });
  });

  it('lists each project on the Summary sheet with its configured name and its net received', () => {
    const summarySheet = sheet('Summary');
    const projects = new Map<string, unknown[]>();
    summarySheet.eachRow((row) => {
      const id = row.getCell(1).value;
      if (id === PROJECT_A || id === PROJECT_B) {
        projects.set(
          id,
          [2, 3, 4, 5, 6].map((column) => row.getCell(column).value),
        );
      }
    });
    expect(projects.get(PROJECT_A)).toEqual(['Web shop', 2, 60.26, 0.6, 59.66]);
    expect(projects.get(PROJECT_B)).toEqual([null, 1, 19.99, 0.2, 19.79]);
    expect(summary.projectNames).toEqual({ [PROJECT_A]: 'Web shop' });
  });

  it("keeps a project's name whole on the Summary sheet, with what XML cannot hold as OOXML's escapes", async () => {
    const name = 'Shop _x0041_ bell\u0007 del\u007f \uffff & <b>';
    const { workbook: book } = await writeReport(
      { invoices: [k0, ...paidInvoices], payments },
      { projectNames: { [PROJECT_A]: name } },
    );
    let written: unknown;
    sheet('Summary', book).eachRow((row) => {
      if (row.getCell(1).value === PROJECT_A) written = row.getCell(2).value;
    });
    // exceljs reads a text cell's `<v>` back without decoding `_xHHHH_`: this is the text as the file
    // holds it, which a spreadsheet reads as the name (exceljs alone dropped the bell and DEL, wrote
    // U+FFFF, which no spreadsheet opens, and left `_x0041_` to read as `A`).
    expect(written).toBe('Shop _x005F_x0041_ bell_x0007_ del_x007F_ _xFFFF_ & <b>');
  });

  /** The Summary sheet's rows of the table under the heading `title`: its header row, then a row per item. */
  function summaryTable(title: string, book = workbook): ExcelJS.Row[] {
    const summarySheet = sheet('Summary', book);
    let first = 0;
    summarySheet.eachRow((row, number) => {
      if (first === 0 && row.getCell(1).value === title) first = number + 1;
    });
    if (first === 0) throw new Error(`no table ${title}`);
    const rows: ExcelJS.Row[] = [];
    for (let number = first; summarySheet.getRow(number).getCell(1).value !== null; number++) {
      rows.push(summarySheet.getRow(number));
    }
    return rows;
  }
  const values = (row: ExcelJS.Row, columns: number) =>
    Array.from({ length: columns }, (_, index) => row.getCell(index + 1).value);
  const alignments = (row: ExcelJS.Row, columns: number) =>
    Array.from({ length: columns }, (_, index) => row.getCell(index + 1).alignment?.horizontal);

  it("words the reconciliation's checks as the page does, each figure and its agreement in its own column", () => {
    const [header, ...checks] = summaryTable('Checks');
    expect(values(header!, 6)).toEqual([
      'Check',
      'Name in summary.json',
      "Service's figure",
      'Its listed invoices',
      'Difference',
      'Agrees',
    ]);
    // Two headline checks, a project each (A by its configured name), a currency each, and the two
    // service days whose ends the service's figures show (30 Sep is not checked: no figure for 1 Oct).
    expect(checks.map((row) => values(row, 6))).toEqual([
      ['Paid invoices', 'paidCount', 3, 3, 0, true],
      ['Paid total', 'paidTotalUSD', 80.25, 80.25, 0, true],
      ['Project Web shop (aaaa0000)', `project:${PROJECT_A}`, 60.26, 60.26, 0, true],
      ['Project bbbb0000', `project:${PROJECT_B}`, 19.99, 19.99, 0, true],
      ['Paid in EUR', 'currency:EUR', 46.1, 46.1, 0, true],
      ['Paid in JPY', 'currency:JPY', 1500, 1500, 0, true],
      ['Paid in USD', 'currency:USD', 20, 20, 0, true],
      ['1 Sep 2026 (service day from 00:00 UTC)', 'day:2026-09-01', 50.25, 50.25, 0, true],
      ['2 Sep 2026 (service day from 00:00 UTC)', 'day:2026-09-02', 10.01, 10.01, 0, true],
    ]);
    // Each figure in its check's unit, as the page shows it: invoices whole, USD with cents, a currency's
    // own total in its minor unit (whole yen).
    const formats = (row: number) => [3, 4, 5].map((column) => checks[row]!.getCell(column).numFmt);
    expect(formats(0)).toEqual(['#,##0', '#,##0', '#,##0']);
    expect(formats(1)).toEqual(['#,##0.00', '#,##0.00', '#,##0.00']);
    expect(formats(5)).toEqual(['#,##0', '#,##0', '#,##0']);
    expect(formats(6)).toEqual(['#,##0.00', '#,##0.00', '#,##0.00']);
    expect(formats(7)).toEqual(['#,##0.00', '#,##0.00', '#,##0.00']);
    expect(checks[0]!.getCell(6).type).toBe(ExcelJS.ValueType.Boolean);
    expect(checks[2]!.getCell(1).alignment).toMatchObject({ wrapText: true });
  });

  it("shows a service's figure and a difference finer than a cent with every decimal, as the page does", async () => {
    // The service totals unrounded: 50.25 + 10.01 + 19.99 = 80.25 listed, 80.245 said, -0.005 apart.
    const day = (date: string, value: string) => ({ date: Date.parse(`${date}T00:00:00Z`), value });
    const unrounded = await writeReport({
      invoices: paidInvoices,
      payments,
      statistics: {
        invoicesTotalNum: 3,
        invoicesPaidNum: 3,
        invoicesTotalUSD: '80.245',
        invoicesByProjects: { [PROJECT_A]: '60.26', [PROJECT_B]: '19.99' },
        invoicesByCurrencies: { EUR: '46.1', JPY: '1500', USD: '20' },
        invoicesByMonths: {},
        invoicesByDate: {
          '2026-09-01': day('2026-09-01', '50.25'),
          '2026-09-02': day('2026-09-02', '10.01'),
          '2026-09-30': day('2026-09-30', '19.99'),
        },
      },
    });
    const total = summaryTable('Checks', unrounded.workbook).find(
      (row) => row.getCell(2).value === 'paidTotalUSD',
    )!;
    expect(values(total, 6)).toEqual(['Paid total', 'paidTotalUSD', 80.245, 80.25, -0.005, true]);
    expect([3, 4, 5].map((column) => total.getCell(column).numFmt)).toEqual([
      '#,##0.000',
      '#,##0.00',
      '#,##0.000',
    ]);
  });

  it('says in words which amounts the per-currency checks compare', async () => {
    const label = 'Paid in each currency, compared in';
    // Each currency's invoices in that currency: 46.10 EUR, 1,500 JPY, 20.00 USD (see the checks above).
    expect(summaryRows().get(label)?.value).toBe('its own currency (amount_fiat)');
    // A service that totals each currency in USD: EUR's 46.10 in amount_fiat disagrees, its 50.25 USD agrees.
    const inUsd = await writeReport({ invoices: paidInvoices, payments, currencyUnit: 'usd' });
    expect(summaryRows(inUsd.workbook).get(label)?.value).toBe(
      'USD (amount_usd), as the service totals each currency',
    );
    // One project's report makes no per-currency check: the statistics are not per project.
    const oneProject = await writeReport({ invoices: paidInvoices, payments }, { projectId: PROJECT_A });
    expect(summaryRows(oneProject.workbook).get(label)?.value).toBe('not compared: see Not checked');
    for (const book of [workbook, inUsd.workbook, oneProject.workbook]) {
      expect(summaryRows(book).has('Currencies compared in')).toBe(false);
    }
  });

  it('puts the headers of number columns on the right, over their figures, and agreement in the centre', () => {
    const [header, check] = summaryTable('Checks');
    expect(alignments(header!, 6)).toEqual([undefined, undefined, 'right', 'right', 'right', 'center']);
    expect(alignments(check!, 6)).toEqual([undefined, undefined, undefined, undefined, undefined, 'center']);
    expect(alignments(summaryTable('Paid invoices by project')[0]!, 6)).toEqual([
      undefined,
      undefined,
      'right',
      'right',
      'right',
      'right',
    ]);
    expect(alignments(summaryTable('Paid invoices by currency')[0]!, 4)).toEqual([
      undefined,
      'right',
      'right',
      'right',
    ]);
    expect(alignments(summaryTable('Payments by cryptocurrency')[0]!, 3)).toEqual([
      undefined,
      'right',
      'right',
    ]);
  });

  it('lists each wallet on the Summary sheet with its blockchain, as the page does', () => {
    const [header, ...wallets] = summaryTable('Payments by wallet');
    expect(values(header!, 6)).toEqual([
      'Wallet',
      'Wallet id',
      'Blockchain',
      'Cryptocurrency',
      'Payments',
      'Amount',
    ]);
    expect(alignments(header!, 6).slice(4)).toEqual(['right', 'right']);
    // By wallet name: the USDT wallet (k3) then the Bitcoin one (k1, k2 and the unmatched payment:
    // 0.00071 + 0.123456789012345678 + 0.00000095, more digits than a double holds, so text).
    expect(wallets.map((row) => values(row, 6))).toEqual([
      ['Alpha USDT', USDT_WALLET.id, 'tron', 'USDT', 1, 19.99],
      ['Bitcoin main', BTC_WALLET.id, 'bitcoin', 'BTC', 3, '0.124167739012345678'],
    ]);
  });

  it("keeps the Summary sheet readable whatever a wallet's name holds: cut at a cell's limit, no character XML forbids", async () => {
    // Excel refuses (and offers to repair) a workbook with a cell of more than 32,767 characters, and
    // U+FFFF is not an XML character: exceljs's own reader stops at it. The list sheets already cut
    // and escape such text; the wallet's name is in the Summary sheet's wallet table too.
    const wallet = { ...BTC_WALLET, name: `main\uffff${'w'.repeat(40_000)}` };
    const { folder, workbook: book } = await writeReport({
      payments: [payment('2026-09-15 12:00:00', { id: uuid('9c', 7), wallet })],
    });
    const [, row] = summaryTable('Payments by wallet', book);
    // Cut to 32,767 characters: `main`, U+FFFF (written `_xFFFF_`, which a spreadsheet reads back as
    // the one character) and 32,762 w.
    expect(row!.getCell(1).value).toBe(`main_xFFFF_${'w'.repeat(32_762)}`);
    const payments = sheet('Payments', book);
    expect(payments.getRow(2).getCell(8).value).toBe(`main_xFFFF_${'w'.repeat(32_762)}`);
    expect(await readFile(join(folder, 'payments.csv'), 'utf8')).toContain(wallet.name);
  });

  it('wraps why a check was not made in its cell and makes its row tall enough for it', () => {
    const [, unchecked] = summaryTable('Not checked');
    // The day before the first one the service keyed, in words as the page has it.
    expect(unchecked!.getCell(1).value).toBe('30 Sep 2026 (service day)');
    expect(unchecked!.getCell(2).alignment).toMatchObject({ wrapText: true });
    // About 200 characters in a column 40 wide: several lines of 15 points.
    expect(unchecked!.height).toBeGreaterThanOrEqual(60);
  });

  it('makes the Summary columns wide enough for a project check and a check’s stable name', () => {
    const summarySheet = sheet('Summary');
    expect(summarySheet.getColumn(1).width).toBeGreaterThanOrEqual('Project Web shop (aaaa0000)'.length + 2);
    expect(summarySheet.getColumn(1).width).toBeGreaterThanOrEqual(
      '2 Sep 2026 (service day from 00:00 UTC)'.length,
    );
    expect(summarySheet.getColumn(2).width).toBeGreaterThanOrEqual(`project:${PROJECT_A}`.length);
  });
});
