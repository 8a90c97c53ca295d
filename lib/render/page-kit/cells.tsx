import type { Child } from 'hono/jsx';
import { formatServiceDatetime, type ProjectNames, projectName, shortId, truncateText } from '../../report';
import { look, useVariant } from './looks';
import type { Column } from './panel';

/** Longest wallet name, and description or reference, shown; the workbook and the CSV files have them whole. */
export const WALLET_NAME_SHOWN = 60;
export const FREE_TEXT_SHOWN = 80;

/** Text the service sent, cut to `max`, in a `<bdi>` so that no bidi control in it reorders its neighbours. */
export const ServiceText = ({ text, max }: { text: string; max: number }): Child => (
  <bdi>{truncateText(text, max)}</bdi>
);

/** The tooltip of a cell showing `text` cut to `shown` characters: up to 1,000 of it, or none when whole. */
export function longerText(text: string | null, shown: number): string | undefined {
  return text !== null && text.length > shown ? truncateText(text, 1_000) : undefined;
}

/** Whether a value is long enough to wrap (22 characters): `27,832.028778 TRX` stays on one line. */
export const isLongValue = (text: string): boolean => Array.from(text).length >= 22;

/** A value for a one-line column (an invoice uid): a long one wraps, at spaces first, never cut or scrolled. */
export const WrapWhenLong = ({ text }: { text: string }): Child =>
  isLongValue(text) ? <span {...look(['wrap', 'longWord'])}>{text}</span> : text;

/** An amount as the formatters write it: its figure, a space (a no-break space when signed), its code. */
const AMOUNT = /^(\S+)([ \u00a0])(\S+)$/;

// An amount as formatted. A long one, and any in the email unless `keepWhole`, may wrap before its code and
// after its group separators (`<wbr>`), so that 13 digits fit a 360 px phone.
export function AmountText({ text, keepWhole = false }: { text: string; keepWhole?: boolean }): Child {
  const long = isLongValue(text);
  if (!long && useVariant() === 'page') return text;
  if (!long && keepWhole) return <span {...look('nowrap')}>{text}</span>;
  const parts = AMOUNT.exec(text);
  const breakable = parts
    ? [
        ...parts[1]!.split(/(?<=,)/).flatMap((group, i) => (i === 0 ? [group] : [<wbr />, group])),
        `${parts[2]}${parts[3]}`,
      ]
    : [text];
  return long ? <span {...look(['wrap', 'longWord'])}>{breakable}</span> : breakable;
}

/** A project as its name with its short id beside it (`Web shop 3f2a9c1e`), or the short id; the full id on hover. */
export function ProjectLabel({ names, id }: { names: ProjectNames; id: string }): Child {
  const name = projectName(names, id);
  if (name === undefined) {
    return (
      <span {...look('code')} title={id}>
        {shortId(id)}
      </span>
    );
  }
  // `dir` sets the name apart: a right-to-left name would draw the id's leading digits into its run.
  return (
    <span title={id}>
      <span dir="auto">{name}</span> <span {...look('shortId')}>{shortId(id)}</span>
    </span>
  );
}

export const amountColumn = <Row,>(
  heading: string,
  text: (row: Row) => string,
  { keepWhole, pageOnly }: { keepWhole?: boolean; pageOnly?: boolean } = {},
): Column<Row> => ({
  heading,
  numeric: true,
  pageOnly,
  cell: (row) => <AmountText text={text(row)} keepWhole={keepWhole} />,
});

/** A column of the service's times in the report's zone. */
export const timeColumn = <Row,>(
  heading: string,
  datetime: (row: Row) => string,
  timezone: string,
  pageOnly?: boolean,
): Column<Row> => ({
  heading,
  looks: ['nowrap'],
  pageOnly,
  cell: (row) => formatServiceDatetime(datetime(row), timezone),
});

/** A column of invoices by uid, the id on hover. */
export const invoiceColumn = <Row,>(invoice: (row: Row) => { id: string; uid: string }): Column<Row> => ({
  heading: 'Invoice',
  looks: ['nowrap'],
  cell: (row) => <WrapWhenLong text={invoice(row).uid} />,
  title: (row) => invoice(row).id,
});

export const projectColumn = <Row,>(
  names: ProjectNames,
  id: (row: Row) => string,
  pageOnly?: boolean,
): Column<Row> => ({
  heading: 'Project',
  looks: ['longWord'],
  pageOnly,
  cell: (row) => <ProjectLabel names={names} id={id(row)} />,
});
