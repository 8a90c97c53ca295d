import { describe, expect, it } from 'vitest';
import { column } from '../../../../lib/report/rows/report-column';
import { createRowTableBuilder } from '../../../../lib/report/rows/row-table';
import { BOM, csvStream, readAll } from './fixtures';

interface Row {
  id: string;
  at: string;
  note: string;
}

const builder = () =>
  createRowTableBuilder<Row>({
    columns: [column('id', 'identifier', (row) => row.id), column('note', 'text', (row) => row.note)],
    id: (row) => row.id,
    timestamp: (row) => row.at,
  });

describe('csvStream', () => {
  it('gives a fresh stream of the whole file each time it is asked', async () => {
    const table = builder();
    table.add({ id: 'a', at: '2026-09-01 00:00:00', note: 'x' });
    const built = table.build();
    const first = await readAll(csvStream(built));
    const second = await readAll(csvStream(built));
    expect(first.toString('utf8')).toBe(`${BOM}id,note\r\na,x\r\n`);
    expect(second.equals(first)).toBe(true);
  });

  it('keeps every row, in order, across the chunks of a large file', async () => {
    const table = builder();
    // 20,000 rows of about 40 bytes: many 64 KiB chunks. Added in reverse to make the order visible.
    for (let n = 19_999; n >= 0; n--) {
      const id = String(n).padStart(5, '0');
      table.add({ id, at: '2026-09-01 00:00:00', note: `note number ${id} 🚀` });
    }
    const built = table.build();
    const chunks: Buffer[] = [];
    for await (const chunk of csvStream(built)) chunks.push(chunk);
    const lines = Buffer.concat(chunks).toString('utf8').split('\r\n');
    expect(built.rowCount).toBe(20_000);
    expect(chunks.length).toBeGreaterThan(1);
    expect(lines).toHaveLength(20_002);
    expect(lines[1]).toBe('00000,note number 00000 🚀');
    expect(lines[20_000]).toBe('19999,note number 19999 🚀');
    expect(lines[20_001]).toBe('');
  });

  it('refuses records added after the table is built', () => {
    const table = builder();
    table.build();
    expect(() => table.add({ id: 'a', at: '2026-09-01 00:00:00', note: 'x' })).toThrow(/after build/);
  });
});
