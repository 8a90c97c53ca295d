import type { Child } from 'hono/jsx';
import { formatCount } from '../../report';
import { type Column, DataTable } from './data-table';
import { look, useVariant } from './looks';

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

/** A short line under a table, a sentence standing in for an empty one, and a short line above one. */
export const Note = ({ children }: { children?: Child }) => <p {...look('note')}>{children}</p>;
export const Empty = ({ children }: { children?: Child }) => <p {...look('paragraph')}>{children}</p>;
export const Lead = ({ children }: { children?: Child }) => <p {...look('lead')}>{children}</p>;

/**
 * A list's panel, headed with its count: `none` when there are no such rows, else the lead, the rows
 * shown as a table (cards on a phone) and a note; `children` close it either way.
 */
export function ListPanel<Row>(props: {
  title: string;
  /** All such rows, listed or not. */
  total: number;
  shown: Row[];
  none: Child;
  lead: Child;
  columns: Column<Row>[];
  note: string | null;
  children?: Child;
}) {
  const { total, shown } = props;
  const heading = `${props.title} (${formatCount(total)})`;
  return (
    <Panel heading={heading} long={shown.length > 15}>
      {total === 0 ? (
        <Empty>{props.none}</Empty>
      ) : (
        <>
          {props.lead}
          <DataTable<Row> name={heading} cards="list" rows={shown} columns={props.columns} />
          {props.note === null ? null : <Note>{props.note}</Note>}
        </>
      )}
      {props.children}
    </Panel>
  );
}

/**
 * A table that only lays out an email (Outlook and Gmail ignore CSS layout): no spacing, no border, and
 * `role="presentation"` so screen readers do not announce it as data.
 */
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
