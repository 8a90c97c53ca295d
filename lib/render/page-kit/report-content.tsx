import type { Child } from 'hono/jsx';
import {
  comparisonWords,
  formatInstant,
  formatPeriod,
  isolated,
  LISTED_PAYMENTS_KEPT,
  MISPAID_INVOICES_LISTED,
  periodTitle,
  type Report,
  type ReportSummary,
} from '../../report';
import { ProjectLabel } from './cells';
import { Breakdowns, HeadlineTiles, PaidChart } from './figures';
import { LatePayments, MispaidInvoices, PaidInvoices, UnmatchedPayments } from './lists';
import { look, useVariant } from './looks';
import { PageHeader } from './panel';
import { ReconciliationPanel, ReconciliationStatus } from './reconciliation';

/** `Acme · Invoice report`, or `Invoice report`; a name not plain ASCII is set apart (`isolated`). */
export function reportName(summary: ReportSummary): string {
  return summary.account ? `${isolated(summary.account)} · Invoice report` : 'Invoice report';
}

/** When and from which host (never the whole address) the report was made: `Made 1 Nov 2026, 06:00 (UTC) from …`. */
export function provenance(summary: ReportSummary): string {
  const { apiUrl } = summary.source;
  const host = URL.canParse(apiUrl) ? new URL(apiUrl).host : '';
  const made = `Made ${formatInstant(summary.generatedAt, summary.period.timezone)}`;
  return host ? `${made} from the data of ${host}.` : `${made}.`;
}

/** Rows the email shows of a table before pointing at the full report (Gmail clips bodies over 102 KB). */
const EMAIL_ROWS_SHOWN = 10;

/** The list files as the reader knows them: beside the page, or the email's attachments (no unmatched file). */
type ListFileNames = { paidInvoicesCsv: string; paymentsCsv: string; unmatchedCsv?: string };
const PAGE_FILE_NAMES: ListFileNames = {
  paidInvoicesCsv: 'paid-invoices.csv',
  paymentsCsv: 'payments.csv',
  unmatchedCsv: 'unmatched-payments.csv',
};

// Everything a report says, in order, in either variant; the email shortens long tables and leaves out the
// paid invoices (in the CSV). `afterHeadline` is the email's links, `beforeFooter` its last words.
export function ReportContent(props: {
  report: Report;
  afterHeadline?: Child;
  beforeFooter?: Child;
  fileNames?: ListFileNames;
}) {
  const { report, fileNames = PAGE_FILE_NAMES } = props;
  const { summary } = report;
  const email = useVariant() === 'email';
  const limit = email ? EMAIL_ROWS_SHOWN : Number.POSITIVE_INFINITY;
  // The page lists every payment the report keeps.
  const paymentLimit = email ? EMAIL_ROWS_SHOWN : LISTED_PAYMENTS_KEPT;
  const title = periodTitle(summary.period);
  const comparison = comparisonWords(summary);
  const noInvoices = summary.invoices.total === 0;
  const noPayments = summary.payments.total === 0;
  const { account, projectId, projectNames } = summary;
  const project =
    projectId === null ? [] : [' · project ', <ProjectLabel names={projectNames} id={projectId} />, ' only'];
  return (
    <>
      {/* The report's name, its period's, the days it covers in its time zone, and its project if any. */}
      <PageHeader
        eyebrow={account ? [<bdi>{account}</bdi>, ' · Invoice report'] : 'Invoice report'}
        heading={title}
        subtitle={[formatPeriod(summary.period), ...project]}
      />
      <ReconciliationStatus summary={summary} />
      {noInvoices ? <p {...look('notice')}>{`No invoices were created in ${title}.`}</p> : null}
      <HeadlineTiles summary={summary} />
      {comparison === null ? null : (
        <p {...look('note')}>{`Compared over the same elapsed time: ${comparison}.`}</p>
      )}
      {props.afterHeadline}
      {noInvoices ? null : <PaidChart summary={summary} />}
      <Breakdowns summary={summary} limit={limit} />
      {noPayments ? (
        <>
          <p {...look('notice')}>{`No payments arrived in ${title}.`}</p>
          {/* None matched to this project's invoices; the unmatched ones are left out, not absent. */}
          {summary.payments.projectFilterNote === undefined ? null : (
            <p {...look('note')}>{summary.payments.projectFilterNote}</p>
          )}
        </>
      ) : (
        <>
          <UnmatchedPayments
            report={report}
            limit={paymentLimit}
            csvName={fileNames.unmatchedCsv ?? fileNames.paymentsCsv}
          />
          <LatePayments report={report} limit={paymentLimit} csvName={fileNames.paymentsCsv} />
        </>
      )}
      {noInvoices ? null : (
        <MispaidInvoices
          report={report}
          limit={email ? EMAIL_ROWS_SHOWN : MISPAID_INVOICES_LISTED}
          csvName={fileNames.paidInvoicesCsv}
        />
      )}
      {email || noInvoices ? null : <PaidInvoices report={report} />}
      <ReconciliationPanel summary={summary} />
      {props.beforeFooter}
      <p {...look('footer')}>
        {provenance(summary)}
        {' Amounts in USD are the service’s USD values; crypto amounts keep every digit.'}
      </p>
    </>
  );
}
