import type { Child } from 'hono/jsx';
import { type Look, look, type Variant } from './looks';

/** One column of a table: its heading and how a row fills its cell. */
export interface Column<Row> {
  heading: string;
  /** Right-aligned tabular figures, on one line on a screen (see `AmountText` and `WrapWhenLong` for long ones). */
  numeric?: boolean;
  /** Further roles of the column's cells (`code`, `description`, `nowrap`, `wrap`, `longWord`). */
  looks?: Look[];
  cell: (row: Row) => Child;
  /** A tooltip for the cell, such as the full identifier behind a short one. */
  title?: (row: Row) => string | undefined;
  /** Left out of the email, whose tables must fit a phone's width without scrolling. */
  pageOnly?: boolean;
}

interface DataTableProps<Row> {
  variant: Variant;
  /** What the table shows, as its panel's heading says: the name of the box it scrolls in on the page. */
  name: string;
  columns: Column<Row>[];
  rows: Row[];
  /** Cells of a closing total row, one per column. */
  total?: Child[];
  /** When the page shows the rows as cards (see `CARD_BOXES`). @default 'compact' */
  cards?: CardBox | 'never';
}

/**
 * Below which width of its box (the panel's content) a table on the page shows each row as a card of
 * labelled values, because its columns no longer fit: `compact` for a few columns (a table in half a
 * desktop window, cards on a phone), `list` for a list of four or five columns across the page, `wide`
 * for the list of paid invoices and its eight columns (cards on a tablet too). `never` is for a few
 * short values (counts, shares, dates) that fit any width.
 */
export const CARD_BOXES = { compact: 440, list: 680, wide: 960 } as const;

/** A width class of `CARD_BOXES`. */
export type CardBox = keyof typeof CARD_BOXES;

/** The class that the style sheet's card rules for a width class hang on. */
export const cardsClass = (box: CardBox) => `cards-${box}`;

/** A heading cell takes only its column's alignment; the column's other roles are for its data cells. */
function cellLooks(base: Look, column: { numeric?: boolean; looks?: Look[] }): Look[] {
  const alignment: Look[] = column.numeric ? ['number'] : [];
  return base === 'th' ? [base, ...alignment] : [base, ...alignment, ...(column.looks ?? [])];
}

/**
 * The box a table scrolls in on the page. A box that may scroll is a named region (a `<section>` with a
 * label) in the tab order, so that a keyboard can scroll it (WCAG 2.1.1; axe-core's
 * `scrollable-region-focusable`); the style sheet outlines it when focused. Whether a box scrolls
 * depends on the window and the fonts, and the page runs no script to find out, so every box that may
 * scroll is focusable; only a table of short values that fit any width (`cards: 'never'`) stays out of
 * the tab order.
 */
function ScrollBox({ name, mayScroll, children }: { name: string; mayScroll: boolean; children: Child }) {
  const box = look('page', 'scroll');
  if (!mayScroll) return <div {...box}>{children}</div>;
  return (
    <section {...box} aria-label={name} tabindex={0}>
      {children}
    </section>
  );
}

/**
 * A table of figures. On the page it shows each row as a card of labelled values when its box is too
 * narrow for its columns (the style sheet reads each cell's `data-label`), so that no amount needs a
 * sideways scroll; if a table still does not fit, it scrolls inside its own box (see `ScrollBox`)
 * rather than widen the page. In the email it is a plain table with inline styles and only the columns
 * that fit a phone.
 */
export function DataTable<Row>({
  variant,
  name,
  columns: allColumns,
  rows,
  total: allTotal,
  cards = 'compact',
}: DataTableProps<Row>) {
  const kept = allColumns.map((column) => variant === 'page' || !column.pageOnly);
  const columns = allColumns.filter((_, index) => kept[index]);
  const total = allTotal?.filter((_, index) => kept[index]);
  const cardBox = variant === 'page' && cards !== 'never' ? cards : undefined;
  const label = (column: Column<Row> | undefined) => (cardBox ? column?.heading : undefined);
  // The email's tables are a little tighter, and their headings and figures may wrap (see `AmountText`:
  // `27,832.028778` over `TRX` where the two do not fit), so that four columns fit a small phone without
  // scrolling: mail apps do not apply the page's phone rules.
  const tight = variant === 'email' ? 'padding:6px 4px;white-space:normal' : undefined;
  const tableLook = look(variant, 'table', variant === 'email' ? 'font-size:13px' : undefined);
  // A page-only class: the style sheet's rules that turn rows into cards hang on it.
  if (cardBox) tableLook.class = `${tableLook.class} ${cardsClass(cardBox)}`;
  const table = (
    <table {...tableLook} cellpadding={0} cellspacing={0}>
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
              <td
                {...look(variant, cellLooks('td', column), tight)}
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
                {...look(variant, [...cellLooks('td', columns[index] ?? {}), 'totalCell'], tight)}
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
  return (
    <ScrollBox name={name} mayScroll={cards !== 'never'}>
      {table}
    </ScrollBox>
  );
}
