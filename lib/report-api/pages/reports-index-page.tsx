import type { PeriodKind } from '../../period';
import { AmountText, type Column, DataTable, look, Note, Panel } from '../../render';
import { formatCount, formatInstant, formatUSD } from '../../report';
import type { indexEntry } from '../reports-index-route';
import { renderPage, SERVICE_NAME } from './page-frame';

/** One report on the list, with its links signed for the visitor. */
export type IndexEntry = ReturnType<typeof indexEntry>;

/** What the list of an account's reports shows: entries newest first; the form posts to `formAction`. */
export interface ReportsIndexPage {
  displayName: string;
  timezone: string;
  entries: IndexEntry[];
  formAction: string;
  /** Periods offered in the form: those with no report yet, or only one so far of a period ended since. */
  suggestions: Array<{ id: string; name: string }>;
  linksExpireAt: Date;
}

const SECTIONS: Array<[PeriodKind, string]> = [
  ['month', 'Months'],
  ['quarter', 'Quarters'],
  ['year', 'Years'],
];

/** The form's pattern: the period ids the API accepts, by their shape (the server checks the rest). */
const PERIOD_PATTERN = '\\d{4}(-(0[1-9]|1[0-2])|-Q[1-4])?';

const missing = '—';
const countOf = (value: number | undefined) => (value === undefined ? missing : formatCount(value));

/** The id of a report's row on the list (`report-2026-10`): the form's answer leads to it. */
export const reportAnchor = (periodId: string) => `report-${periodId}`;

/** How far a report so far runs and, once its period has ended, how to get all of it. */
function AsOfLine({ entry, timezone }: { entry: IndexEntry; timezone: string }) {
  const asOf = `as of ${formatInstant(entry.asOf, timezone)}`;
  if (!entry.periodEndedSince) return <>{asOf}</>;
  // The id on one line: `2026-` over `Q4` reads as two things.
  return (
    <>
      {`${asOf}; the ${entry.period.kind} has ended since: ask for `}
      <span {...look('nowrap')}>{entry.period.id}</span>
      {' above for all of it'}
    </>
  );
}

function columns(timezone: string): Column<IndexEntry>[] {
  return [
    {
      heading: 'Period',
      cell: (entry) => (
        <>
          <a class="link" id={reportAnchor(entry.period.id)} href={entry.reportLink}>
            {entry.title}
          </a>
          {entry.complete ? null : (
            <span class="second-line">
              <AsOfLine entry={entry} timezone={timezone} />
            </span>
          )}
        </>
      ),
    },
    {
      heading: 'Paid total',
      numeric: true,
      cell: ({ figures }) =>
        figures.paidTotalUSD === undefined ? missing : <AmountText text={formatUSD(figures.paidTotalUSD)} />,
    },
    { heading: 'Paid invoices', numeric: true, cell: ({ figures }) => countOf(figures.paidInvoices) },
    { heading: 'Payments', numeric: true, cell: ({ figures }) => countOf(figures.payments) },
    {
      // Unmatched payments, waiting to be matched by hand: how many, what they are estimated at, and how
      // many have a likely invoice. A report built before estimates has the count only.
      heading: 'Waiting',
      numeric: true,
      cell: ({ figures }) => {
        const waiting = figures.unmatchedPayments;
        if (waiting === undefined) return missing;
        if (waiting === 0) return 'none';
        const { unmatchedEstimatedUSD: estimated, unmatchedWithLikelyInvoice: likely } = figures;
        return (
          <>
            {formatCount(waiting)}
            {estimated === undefined ? null : (
              <span class="second-line">
                <AmountText text={`≈ ${formatUSD(estimated)}`} />
              </span>
            )}
            {likely === undefined || likely === 0 ? null : (
              <span class="second-line">{`${formatCount(likely)} likely matched`}</span>
            )}
          </>
        );
      },
    },
    {
      heading: 'Reconciliation',
      cell: ({ figures }) => {
        if (figures.reconciliationOk === undefined) return missing;
        return figures.reconciliationOk ? (
          <span class="up">Agrees</span>
        ) : (
          <span class="down">Differs: see the report</span>
        );
      },
    },
    { heading: 'Built', looks: ['wrap'], cell: (entry) => formatInstant(entry.generatedAt, timezone) },
    {
      heading: 'Downloads',
      cell: (entry) => (
        <span class="downloads">
          {entry.downloads.map((file) => (
            <a class="link" href={file.link}>
              {file.name}
            </a>
          ))}
        </span>
      ),
    },
  ];
}

function BuildForm({ page }: { page: ReportsIndexPage }) {
  return (
    <Panel heading="Ask for a report">
      <form method="post" action={page.formAction}>
        <div class="form-row">
          <div class="field">
            <label class="field-label" for="period">
              Month, quarter or year
            </label>
            <input
              class="input"
              id="period"
              name="period"
              type="text"
              required
              pattern={PERIOD_PATTERN}
              list="periods-not-built"
              // "e.g.": a bare period in grey read as one already filled in.
              placeholder={`e.g. ${page.suggestions[0]?.id ?? '2026-09'}`}
              autocomplete="off"
              spellcheck={false}
              aria-describedby="period-help"
            />
          </div>
          <button class="button" type="submit">
            Build the report
          </button>
        </div>
        <datalist id="periods-not-built">
          {page.suggestions.map((period) => (
            <option value={period.id} label={period.name} />
          ))}
        </datalist>
        <p class="note" id="period-help">
          {`Write a month as 2026-09, a quarter as 2026-Q3, a year as 2026. A period not ended is reported so far. Building takes a few seconds to a few minutes; then this list shows the new report, highlighted. Reports are built on request at most once a minute.`}
        </p>
      </form>
    </Panel>
  );
}

/** An account's reports: the form, then its months, quarters and years; a card per row on a phone. */
export function renderReportsIndexPage(page: ReportsIndexPage): string {
  const table = columns(page.timezone);
  const sections = SECTIONS.map(([kind, heading]) => ({
    heading,
    entries: page.entries.filter((entry) => entry.period.kind === kind),
  })).filter((section) => section.entries.length > 0);
  return renderPage({
    title: `${page.displayName} · All reports`,
    eyebrow: `${page.displayName} · ${SERVICE_NAME}`,
    heading: 'All reports',
    subtitle: `Newest first. Dates and times in ${page.timezone}.`,
    children: (
      <>
        <BuildForm page={page} />
        {sections.length === 0 ? (
          <Panel heading="No reports yet">
            <p class="paragraph">
              No report has been built for this account yet. Ask for one above, or wait for the monthly email.
            </p>
          </Panel>
        ) : (
          sections.map((section) => (
            <Panel heading={section.heading} long>
              {/* The style sheet gives every section's table the same columns (see page-frame). */}
              <div class="report-list">
                <DataTable name={section.heading} columns={table} rows={section.entries} cards="wide" />
              </div>
            </Panel>
          ))
        )}
        <Note>
          {`The links on this page work until ${formatInstant(page.linksExpireAt.toISOString(), page.timezone)}. Each report email brings a fresh link to this list.`}
        </Note>
      </>
    ),
  });
}
