import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { expect, it } from 'vitest';
import { openReportWorkbook } from '../../../../lib/render/xlsx';
import { buildReport } from '../../../../lib/report/build-report';
import type { RowTable } from '../../../../lib/report/rows';
import { fakeInvoicingClient } from '../../report/support/fake-invoicing-client';

/** Excel's last row: a sheet has 1,048,576 rows, the header and 1,048,575 records. */
const EXCEL_ROWS = 1_048_576;

/**
 * Each sheet of the file, by name, in the workbook's order: its last row, its filter, and the text of the
 * first cell of each row from `fromRow` on (an inline string's `<t>`, or the header's `<v>`).
 */
async function sheetsOf(path: string, fromRow: number) {
  const zip = await JSZip.loadAsync(await readFile(path));
  const text = (name: string) => zip.file(name)!.async('string');
  const workbookXml = await text('xl/workbook.xml');
  const relations = await text('xl/_rels/workbook.xml.rels');
  const sheets = new Map<
    string,
    { lastRow: number; filter: string | undefined; cells: Map<number, string> }
  >();
  for (const [element] of workbookXml.matchAll(/<sheet [^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(element)![1]!;
    const id = /r:id="([^"]+)"/.exec(element)![1]!;
    const target = new RegExp(`Id="${id}" [^>]*Target="([^"]+)"`).exec(relations)![1]!;
    const xml = await text(`xl/${target.replace(/^\/?xl\//, '')}`);
    let lastRow = 0;
    const cells = new Map<number, string>();
    for (const [, row, body] of xml.matchAll(/<row r="(\d+)"[^>]*>(.*?)<\/row>/g)) {
      lastRow = Math.max(lastRow, Number(row));
      if (Number(row) >= fromRow) cells.set(Number(row), /<([tv])[^>]*>([^<]*)<\/\1>/.exec(body!)?.[2] ?? '');
    }
    sheets.set(name, { lastRow, filter: /<autoFilter ref="([^"]+)"/.exec(xml)?.[1], cells });
  }
  return sheets;
}

// A year of a big merchant can hold more payments than a sheet has rows: Excel offers to repair a
// workbook with a row past its last one, and leaves out the rows it cannot read.
it('goes on over a sheet of its own where a list is longer than a sheet holds', {
  timeout: 180_000,
}, async () => {
  // Two records more than a sheet holds below its header: `p0` … `p1048576`.
  const records = EXCEL_ROWS + 1;
  const table: RowTable = {
    columns: [{ header: 'payment_id', kind: 'identifier' }],
    rowCount: records,
    async *rows() {
      for (let index = 0; index < records; index++) yield [`p${index}`];
    },
    dispose: async () => undefined,
  };
  const folder = await mkdtemp(join(tmpdir(), 'sheet-row-limit-'));
  try {
    const path = join(folder, 'report.xlsx');
    const workbook = await openReportWorkbook(path);
    const sheet = workbook.listSheet('Payments', table);
    for await (const cells of table.rows()) await sheet.add(cells);
    await sheet.finish();
    // The Summary sheet of a period without records: what this test looks at is the list sheets.
    const { summary } = await buildReport(
      fakeInvoicingClient(),
      { period: '2026-09', timezone: 'UTC' },
      { apiUrl: 'https://api.example.com', now: new Date('2026-10-01T06:00:00Z') },
    );
    await workbook.commit(summary);

    const sheets = await sheetsOf(path, EXCEL_ROWS - 1);
    expect([...sheets.keys()]).toEqual(['Summary', 'Payments', 'Payments (2)']);
    const first = sheets.get('Payments')!;
    expect(first.lastRow).toBe(EXCEL_ROWS);
    expect(first.filter).toBe(`A1:A${EXCEL_ROWS}`);
    // Row 1,048,576 holds the 1,048,575th record, p1048574.
    expect(first.cells.get(EXCEL_ROWS)).toBe('p1048574');
    // The rest below a header of their own, with a filter over them.
    const second = sheets.get('Payments (2)')!;
    expect(second.lastRow).toBe(3);
    expect(second.filter).toBe('A1:A3');
    const rest = await sheetsOf(path, 1);
    expect([...rest.get('Payments (2)')!.cells]).toEqual([
      [1, 'payment_id'],
      [2, 'p1048575'],
      [3, 'p1048576'],
    ]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
