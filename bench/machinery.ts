/**
 * `npm run bench -- --machinery`: what each piece of the report's speed machinery saves against the plain
 * library call, side by side in one process (exceljs's load in fresh ones), on the sandbox's paid
 * invoices: CPU per row and peak heap. `IdSet` and the `node:http` transport carry their own figures.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createInvoicingClient, type InvoiceItem } from '../lib/invoicing';
import { defaultPeriod } from '../lib/period';
import { openReportWorkbook } from '../lib/render';
import { createPaidInvoiceRows, fetchRanges, type RowTable, reportPeriod } from '../lib/report';
import { sampleReport } from '../test/support/sample-report';
import { count, freshImportMs, median, ROOT, startBenchSandbox, table } from './processes';

const PAID = 50_000;
/** Rows of the row-table comparison: a month of 300,000 paid invoices. */
const TABLE_ROWS = 300_000;
const SHEET_ROWS = 50_000;
const LOADS = 5;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A row of the table: the piece, the plain call, its figure, the piece's figure (and what it does), the saving. */
type Line = [piece: string, plain: string, plainFigure: string, machinery: string, saves: string];

const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};
const us = (ms: number, n: number) => `${((ms * 1000) / n).toFixed(2)} µs`;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(bytes < 10 * 2 ** 20 ? 1 : 0)} MiB`;
const times = (plain: number, ours: number) => `${(plain / ours).toFixed(1)} x`;
const heapNow = () => {
  const { heapUsed, external, arrayBuffers } = process.memoryUsage();
  return heapUsed + external + arrayBuffers;
};

/** A month's paid invoices, as the client reads them from the sandbox. */
async function fetchInvoices(): Promise<InvoiceItem[]> {
  const period = defaultPeriod('UTC', new Date(), 'month').id;
  const sandbox = await startBenchSandbox({
    paidPerMonth: PAID,
    latencyMs: 0,
    maxLimit: 100,
    seed: 1,
    period,
  });
  try {
    const { window } = fetchRanges(reportPeriod(period, 'UTC', new Date()));
    const client = createInvoicingClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, concurrency: 8 });
    const invoices: InvoiceItem[] = [];
    for await (const invoice of client.invoices({ ...window, status: 'paid' })) invoices.push(invoice);
    return invoices;
  } finally {
    await sandbox.stop();
  }
}

/** Records each a fresh copy (as `JSON.parse` makes them, no cell shared with another), with fresh ids. */
function freshRecords(invoices: readonly InvoiceItem[], from: number, length: number): InvoiceItem[] {
  const records = JSON.parse(
    JSON.stringify(Array.from({ length }, (_, index) => invoices[(from + index) % invoices.length])),
  ) as InvoiceItem[];
  for (const record of records) record.id = randomUUID();
  return records;
}

/** Adds `TABLE_ROWS` paid invoices to a table and reads them back: the CPU of that, and the heap's peak. */
async function fillAndRead(invoices: readonly InvoiceItem[], runBytes: number | undefined, spillDir: string) {
  const BATCH = 20_000;
  gc();
  const before = heapNow();
  let peak = 0;
  const sample = () => {
    gc();
    peak = Math.max(peak, heapNow() - before);
  };
  const builder = createPaidInvoiceRows({ spillDir, ...(runBytes === undefined ? {} : { runBytes }) });
  let ms = 0;
  for (let added = 0; added < TABLE_ROWS; added += BATCH) {
    const records = freshRecords(invoices, added, Math.min(BATCH, TABLE_ROWS - added));
    const started = process.cpuUsage();
    for (const record of records) {
      builder.add(record);
      // As the report's list walks do (see `collectReportData`).
      const backlog = builder.backlog();
      if (backlog) await backlog;
    }
    ms += cpuMs(started);
    records.length = 0;
    sample();
  }
  let started = process.cpuUsage();
  await builder.written();
  const built = builder.build();
  let read = 0;
  for await (const _row of built.rows()) {
    if (++read % BATCH !== 0) continue;
    ms += cpuMs(started);
    sample();
    started = process.cpuUsage();
  }
  ms += cpuMs(started);
  await built.dispose();
  return { ms, peak };
}

async function rowTables(invoices: readonly InvoiceItem[], spillDir: string): Promise<Line> {
  const plain = await fillAndRead(invoices, Number.POSITIVE_INFINITY, spillDir);
  const ours = await fillAndRead(invoices, undefined, spillDir);
  return [
    'rows/sorted-runs.ts, row-table.ts',
    'rows in memory, Array#sort',
    `${us(plain.ms, TABLE_ROWS)} a row, peak ${mib(plain.peak)}`,
    `${us(ours.ms, TABLE_ROWS)} a row, peak ${mib(ours.peak)} (sorted runs on disk, merged)`,
    `${mib(plain.peak - ours.peak)} at ${count(TABLE_ROWS)} rows, for ${us(ours.ms - plain.ms, TABLE_ROWS)} a row more`,
  ];
}

/** The rows of `SHEET_ROWS` paid invoices, kept in memory. */
async function sheetTable(invoices: readonly InvoiceItem[]): Promise<RowTable> {
  const builder = createPaidInvoiceRows({ runBytes: Number.POSITIVE_INFINITY });
  for (const record of freshRecords(invoices, 0, SHEET_ROWS)) builder.add(record);
  return builder.build();
}

/** How exceljs is given a cell of each column kind (text otherwise). */
const TYPED_VALUE: Readonly<Record<string, (value: string) => unknown>> = {
  datetime: (value) => new Date(`${value.replace(' ', 'T')}Z`),
  usd: Number,
  fiat: Number,
  crypto: Number,
  count: Number,
  flag: (value) => value === 'true',
};

async function listSheets(rows: RowTable, dir: string): Promise<Line[]> {
  const summary = sampleReport().summary;
  const ours = async (waitForZip: boolean) => {
    gc();
    const before = heapNow();
    let peak = 0;
    const started = process.cpuUsage();
    const workbook = await openReportWorkbook(join(dir, `ours-${randomUUID()}.xlsx`));
    const sheet = workbook.listSheet('Paid invoices', rows);
    let written = 0;
    for await (const cells of rows.rows()) {
      const wait = sheet.add(cells);
      if (waitForZip && wait) await wait;
      if (++written % 1000 === 0) peak = Math.max(peak, heapNow() - before);
    }
    await sheet.finish();
    await workbook.commit(summary);
    return { ms: cpuMs(started), peak };
  };
  const plain = async () => {
    const { default: ExcelJS } = await import('exceljs');
    const started = process.cpuUsage();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: join(dir, `plain-${randomUUID()}.xlsx`),
      useStyles: true,
      useSharedStrings: false,
      zip: { zlib: { level: 1 } },
    });
    const worksheet = workbook.addWorksheet('Paid invoices');
    worksheet.columns = rows.columns.map((column) => ({ header: column.header, width: 20 }));
    const kinds = rows.columns.map((column) => column.kind);
    for await (const cells of rows.rows()) {
      const values = kinds.map((kind, index) => {
        const value = cells[index] ?? null;
        return value === null ? null : (TYPED_VALUE[kind] ?? String)(value);
      });
      worksheet.addRow(values).commit();
    }
    worksheet.commit();
    await workbook.commit();
    return cpuMs(started);
  };
  await ours(true);
  await plain();
  const oursRun = await ours(true);
  const plainMs = await plain();
  // Without the wait every batch adds a listener to the zip's input: not a leak, only never awaited.
  const listeners = EventEmitter.defaultMaxListeners;
  EventEmitter.defaultMaxListeners = 0;
  const unbounded = await ours(false);
  EventEmitter.defaultMaxListeners = listeners;
  return [
    [
      'xlsx/sheet-row-xml.ts (with exceljs-stream.ts)',
      'exceljs addRow().commit()',
      `${us(plainMs, SHEET_ROWS)} a row`,
      `${us(oursRun.ms, SHEET_ROWS)} a row (SpreadsheetML rows)`,
      `${times(plainMs, oursRun.ms)} less CPU, zip included`,
    ],
    [
      'xlsx/exceljs-stream.ts zipBacklog',
      'no wait for the zip',
      `peak ${mib(unbounded.peak)}`,
      `peak ${mib(oursRun.peak)} (wait past 256 KiB)`,
      `${mib(unbounded.peak - oursRun.peak)} at ${count(SHEET_ROWS)} rows`,
    ],
  ];
}

async function exceljsLoad(): Promise<Line> {
  // The median of `LOADS` fresh loads each.
  const whole = median(await freshImportMs('exceljs', LOADS, { cwd: ROOT }));
  const writer = median(
    await freshImportMs('exceljs/lib/stream/xlsx/workbook-writer.js', LOADS, { cwd: ROOT }),
  );
  return [
    'xlsx/exceljs-stream.ts loadWorkbookWriter',
    "import('exceljs')",
    `${whole.toFixed(0)} ms`,
    `${writer.toFixed(0)} ms (the streaming writer alone)`,
    `${(whole - writer).toFixed(0)} ms a report (median of ${LOADS} fresh loads)`,
  ];
}

export async function runMachineryBench(): Promise<void> {
  console.log('Speed machinery against the plain call, measured side by side:\n');
  const dir = await mkdtemp(join(tmpdir(), 'machinery-bench-'));
  try {
    const invoices = await fetchInvoices();
    const lines: Line[] = [await rowTables(invoices, dir)];
    lines.push(...(await listSheets(await sheetTable(invoices), dir)), await exceljsLoad());
    console.log(table([['piece', 'plain call', 'plain', 'machinery', 'saves'], ...lines]));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
