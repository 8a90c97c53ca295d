import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { column } from '../../../../lib/report/rows/report-column';
import { createRowTableBuilder } from '../../../../lib/report/rows/row-table';
import { csvStream, readAll } from './fixtures';

interface Cells {
  id: string;
  cells: string[];
}

const HOSTILE = [
  '',
  'plain',
  'a,b',
  'say "hi"',
  '"',
  '""',
  ',',
  'line one\nline two',
  'line one\r\nline two',
  'ends with CR\r',
  '\n',
  '\r',
  'tab\there',
  'Coffee ☕ and cake 🍰 for the 👩‍💻 team',
  'Crème brûlée — 12 × €4,50; “smart quotes”',
  '{"cart":"A-17","items":3,"note":"a, b"}',
  ' leading and trailing spaces ',
  '-0.5',
];

describe('rows of a CSV table', () => {
  it('are written exactly as csv-stringify writes them, whatever the cells hold', async () => {
    const rows: Cells[] = HOSTILE.map((text, n) => ({
      id: String(n).padStart(3, '0'),
      cells: [text, `x${text}`, `${text}y`, text],
    }));
    const columns = [0, 1, 2, 3].map((index) =>
      column<Cells>(`c${index}`, 'identifier', (row) => row.cells[index]),
    );
    const table = createRowTableBuilder<Cells>({
      columns,
      id: (row) => row.id,
      timestamp: () => '2026-09-01 00:00:00',
    });
    for (const row of rows) table.add(row);

    const expected = stringify(
      rows.map((row) => row.cells),
      {
        bom: true,
        header: true,
        columns: ['c0', 'c1', 'c2', 'c3'],
        record_delimiter: 'windows',
        quote_record_delimiter: true,
      },
    );
    expect((await readAll(csvStream(table.build()))).toString('utf8')).toBe(expected);
  });
});
