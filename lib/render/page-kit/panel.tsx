import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';
import type { JSX } from 'hono/jsx/jsx-runtime';
import { formatCount } from '../../report';
import { type Look, look, useVariant } from './looks';

/** An element as a string. Hono's JSX escapes every text and attribute; an async component is a bug. */
export function renderToHtml(element: JSX.Element): string {
  const html = element.toString();
  if (typeof html !== 'string') throw new Error('report components must render synchronously');
  return html;
}

/** A whole self-contained page; `css` is a constant, never built from data, so a CSP hash can allow it. */
export function renderHtmlDocument(props: {
  title: string;
  css: string;
  /** For pages reached by a signed link. */
  noindex?: boolean;
  children?: Child;
}): string {
  const page = (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        {props.noindex ? <meta name="robots" content="noindex" /> : null}
        <title>{props.title}</title>
        <style>{raw(props.css)}</style>
      </head>
      <body {...look('document')}>
        <main {...look('sheet')}>{props.children}</main>
      </body>
    </html>
  );
  return `<!doctype html>\n${renderToHtml(page)}`;
}

/** A page's header: the small line above its heading (the service, an account), the heading, a line under it. */
export function PageHeader(props: { eyebrow: Child; heading: string; subtitle?: Child }) {
  return (
    <div {...look('header')}>
      <p {...look('eyebrow')}>{props.eyebrow}</p>
      <h1 {...look('title')}>{props.heading}</h1>
      {props.subtitle === undefined ? null : <p {...look('subtitle')}>{props.subtitle}</p>}
    </div>
  );
}

/** A panel's padding in the email: a little less than on the page leaves a phone's width for the tables. */
export const EMAIL_PANEL_PADDING = 'padding:14px 10px';

/** A titled box around one part of the report; kept on one printed page unless it is `long`. */
export function Panel(props: { heading: string; long?: boolean; children?: Child }) {
  const box =
    useVariant() === 'page'
      ? { class: props.long ? 'panel long' : 'panel' }
      : look('panel', EMAIL_PANEL_PADDING);
  return (
    <div {...box}>
      <h2 {...look('heading')}>{props.heading}</h2>
      {props.children}
    </div>
  );
}

/** A short line under a table, and a short line above one. */
export const Note = ({ children }: { children?: Child }) => <p {...look('note')}>{children}</p>;
export const Lead = ({ children }: { children?: Child }) => <p {...look('lead')}>{children}</p>;

/** A table that only lays out an email (mail apps ignore CSS layout), hidden from screen readers. */
export function LayoutTable(props: { style: string; bgcolor?: string; children?: Child }) {
  return (
    <table
      role="presentation"
      cellpadding={0}
      cellspacing={0}
      border={0}
      bgcolor={props.bgcolor}
      style={props.style}
    >
      {props.children}
    </table>
  );
}

export interface Column<Row> {
  heading: string;
  /** Right-aligned tabular figures, on one line on a screen. */
  numeric?: boolean;
  looks?: Look[];
  cell: (row: Row) => Child;
  /** A tooltip, such as the full identifier behind a short one. */
  title?: (row: Row) => string | undefined;
  /** Left out of the email, whose tables must fit a phone's width without scrolling. */
  pageOnly?: boolean;
}

/** Below which width of its box a table on the page shows each row as a card (`never` for short values). */
export const CARD_BOXES = { compact: 440, list: 680, wide: 960 } as const;
export type CardBox = keyof typeof CARD_BOXES;
export const cardsClass = (box: CardBox) => `cards-${box}`;

interface TableProps<Row> {
  /** The panel's heading: names the box the table scrolls in. */
  name: string;
  columns: Column<Row>[];
  rows: Row[];
  /** The cells of a closing total row. */
  total?: Child[];
  cards?: CardBox | 'never';
}

/** A table: on the page rows become cards in a narrow box, else it scrolls; in the email the columns that fit. */
export function DataTable<Row>(props: TableProps<Row>) {
  const { name, columns: all, rows, total: allTotal, cards = 'compact' } = props;
  const email = useVariant() === 'email';
  const columns = all.filter((column) => !email || !column.pageOnly);
  const total = allTotal?.filter((_, index) => !email || !all[index]!.pageOnly);
  const cardBox = !email && cards !== 'never' ? cards : undefined;
  // The email's cells are tighter and may wrap, so that four columns fit a small phone without scrolling.
  const tight = email ? 'padding:6px 4px;white-space:normal' : undefined;
  // A heading cell takes only its column's alignment; the column's other roles are for its data cells.
  const cellLook = (column: Partial<Column<Row>> = {}, ...more: Look[]) =>
    look(['td', ...(column.numeric ? (['number'] as const) : []), ...(column.looks ?? []), ...more], tight);
  const tableLook = look('table', email ? 'font-size:13px' : undefined);
  if (cardBox) tableLook.class = `${tableLook.class} ${cardsClass(cardBox)}`;
  const table = (
    <table {...tableLook} cellpadding={0} cellspacing={0}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" {...look(column.numeric ? ['th', 'number'] : 'th', tight)}>
              {column.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr>
            {columns.map((column) => (
              <td {...cellLook(column)} title={column.title?.(row)} data-label={cardBox && column.heading}>
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
              <td {...cellLook(columns[index], 'totalCell')} data-label={cardBox && columns[index]?.heading}>
                {cell}
              </td>
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
  if (email) return table;
  // A box that may scroll is a named region in the tab order, so that a keyboard can scroll it (WCAG
  // 2.1.1); only a table of short values (`never`) stays out of it.
  if (cards === 'never') return <div {...look('scroll')}>{table}</div>;
  return (
    <section {...look('scroll')} aria-label={name} tabindex={0}>
      {table}
    </section>
  );
}

// A panel holding a table with its `lead` and `notes`, or `none` when `empty` (by default without rows);
// `children` close it either way. Of more rows than `limit`, the first and a note counting the other `what`s.
export type TablePanelProps<Row> = Omit<TableProps<Row>, 'name'> & {
  heading: string;
  long?: boolean;
  empty?: boolean;
  none?: Child;
  lead?: Child;
  notes?: (string | null)[];
  children?: Child;
  limit?: number;
  what?: string;
};

export function TablePanel<Row>(props: TablePanelProps<Row>) {
  const { heading, long, rows, none, lead, notes = [], children, ...table } = props;
  const { empty = rows.length === 0, limit = rows.length, what, ...shown } = table;
  const hidden = rows.length - Math.min(rows.length, limit);
  const more = hidden > 0 ? `and ${formatCount(hidden)} more ${what} in the full report` : null;
  return (
    <Panel heading={heading} long={long}>
      {empty ? (
        <p {...look('paragraph')}>{none}</p>
      ) : (
        <>
          {lead}
          <DataTable<Row> name={heading} rows={rows.slice(0, limit)} {...shown} />
          {[...notes, more].map((note) => (note === null ? null : <Note>{note}</Note>))}
        </>
      )}
      {children}
    </Panel>
  );
}
