import type { Child } from 'hono/jsx';
import { type Look, look, useVariant } from './looks';

/** One column of a table: its heading and how a row fills its cell. */
export interface Column<Row> {
  heading: string;
  /** Right-aligned tabular figures, on one line on a screen. */
  numeric?: boolean;
  /** Further roles of the column's cells (`code`, `description`, `nowrap`, `wrap`, `longWord`). */
  looks?: Look[];
  cell: (row: Row) => Child;
  /** A tooltip, such as the full identifier behind a short one. */
  title?: (row: Row) => string | undefined;
  /** Left out of the email, whose tables must fit a phone's width without scrolling. */
  pageOnly?: boolean;
}

/**
 * Below which width of its box a table on the page shows each row as a card of labelled values:
 * `compact` for a few columns (cards on a phone), `list` for four or five across the page, `wide` for the
 * paid invoices' eight (cards on a tablet too); `never` for short values that fit any width.
 */
export const CARD_BOXES = { compact: 440, list: 680, wide: 960 } as const;
export type CardBox = keyof typeof CARD_BOXES;
/** The class the style sheet's card rules for a width class hang on. */
export const cardsClass = (box: CardBox) => `cards-${box}`;

/** A heading cell takes only its column's alignment; the column's other roles are for its data cells. */
function cellLooks(base: Look, column: { numeric?: boolean; looks?: Look[] }): Look[] {
  const alignment: Look[] = column.numeric ? ['number'] : [];
  return base === 'th' ? [base, ...alignment] : [base, ...alignment, ...(column.looks ?? [])];
}

/**
 * A table of figures. On the page each row becomes a card of labelled values (`data-label`) when its box
 * is too narrow, and a table that still does not fit scrolls in its own box rather than widen the page.
 * In the email it is a plain table with inline styles and only the columns that fit a phone. `name` (the
 * panel's heading) names the box it scrolls in; `total` holds the cells of a closing total row.
 */
export function DataTable<Row>({
  name,
  columns: allColumns,
  rows,
  total: allTotal,
  cards = 'compact',
}: {
  name: string;
  columns: Column<Row>[];
  rows: Row[];
  total?: Child[];
  cards?: CardBox | 'never';
}) {
  const variant = useVariant();
  const kept = allColumns.map((column) => variant === 'page' || !column.pageOnly);
  const columns = allColumns.filter((_, index) => kept[index]);
  const total = allTotal?.filter((_, index) => kept[index]);
  const cardBox = variant === 'page' && cards !== 'never' ? cards : undefined;
  const label = (column: Column<Row> | undefined) => (cardBox ? column?.heading : undefined);
  // The email's tables are a little tighter, and their headings and figures may wrap (see `AmountText`:
  // `27,832.028778` over `TRX` where the two do not fit), so that four columns fit a small phone without
  // scrolling: mail apps do not apply the page's phone rules.
  const tight = variant === 'email' ? 'padding:6px 4px;white-space:normal' : undefined;
  const tableLook = look('table', variant === 'email' ? 'font-size:13px' : undefined);
  // A page-only class: the style sheet's rules that turn rows into cards hang on it.
  if (cardBox) tableLook.class = `${tableLook.class} ${cardsClass(cardBox)}`;
  const table = (
    <table {...tableLook} cellpadding={0} cellspacing={0}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" {...look(cellLooks('th', column), tight)}>
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr>
            {columns.map((column) => (
              <td
                {...look(cellLooks('td', column), tight)}
                title={column.title?.(row)}
                data-label={label(column)}
              >
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
              <td
                {...look([...cellLooks('td', columns[index] ?? {}), 'totalCell'], tight)}
                data-label={label(columns[index])}
              >
                {cell}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
  if (variant === 'email') return table;
  // A box that may scroll is a named region in the tab order, so that a keyboard can scroll it (WCAG
  // 2.1.1, axe's `scrollable-region-focusable`); whether it scrolls depends on the window and the fonts,
  // and the page runs no script, so only a table of short values (`never`) stays out of the tab order.
  if (cards === 'never') return <div {...look('scroll')}>{table}</div>;
  return (
    <section {...look('scroll')} aria-label={name} tabindex={0}>
      {table}
    </section>
  );
}
