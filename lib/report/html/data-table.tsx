import type { Child } from 'hono/jsx';
import { type Look, look, type Variant } from './looks';

/** One column of a table: its heading and how a row fills its cell. */
export interface Column<Row> {
  heading: string;
  /** Right-aligned, never wrapped, tabular figures. */
  numeric?: boolean;
  /** Further roles of the column's cells (`code`, `description`, `nowrap`). */
  looks?: Look[];
  cell: (row: Row) => Child;
  /** A tooltip for the cell, such as the full identifier behind a short one. */
  title?: (row: Row) => string | undefined;
  /** Left out of the email, whose tables must fit a phone's width without scrolling. */
  pageOnly?: boolean;
}

interface DataTableProps<Row> {
  variant: Variant;
  columns: Column<Row>[];
  rows: Row[];
  /** Cells of a closing total row, one per column. */
  total?: Child[];
}

/** A heading cell takes only its column's alignment; the column's other roles are for its data cells. */
function cellLooks(base: Look, column: { numeric?: boolean; looks?: Look[] }): Look[] {
  const alignment: Look[] = column.numeric ? ['number'] : [];
  return base === 'th' ? [base, ...alignment] : [base, ...alignment, ...(column.looks ?? [])];
}

/**
 * A table of figures. On the page it scrolls sideways inside its own box on a narrow screen; in the
 * email it is a plain table with inline styles and only the columns that fit a phone.
 */
export function DataTable<Row>({ variant, columns: allColumns, rows, total: allTotal }: DataTableProps<Row>) {
  const kept = allColumns.map((column) => variant === 'page' || !column.pageOnly);
  const columns = allColumns.filter((_, index) => kept[index]);
  const total = allTotal?.filter((_, index) => kept[index]);
  // The email's tables are a little tighter, so that four columns fit a small phone without scrolling.
  const tight = variant === 'email' ? 'padding:6px 4px' : undefined;
  const table = (
    <table
      {...look(variant, 'table', variant === 'email' ? 'font-size:13px' : undefined)}
      cellpadding={0}
      cellspacing={0}
    >
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" {...look(variant, cellLooks('th', column), tight)}>
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr>
            {columns.map((column) => (
              <td {...look(variant, cellLooks('td', column), tight)} title={column.title?.(row)}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {total === undefined ? null : (
        <tfoot>
          <tr>
            {total.map((cell, index) => (
              <td {...look(variant, [...cellLooks('td', columns[index] ?? {}), 'totalCell'], tight)}>
                {cell}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
  return variant === 'page' ? <div {...look(variant, 'scroll')}>{table}</div> : table;
}
