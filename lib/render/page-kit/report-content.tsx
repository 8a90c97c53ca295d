import type { Child } from 'hono/jsx';
import {
  comparisonWords,
  LISTED_PAYMENTS_KEPT,
  MISPAID_INVOICES_LISTED,
  periodTitle,
  type Report,
} from '../../report';
import {
  CryptocurrenciesTable,
  CurrenciesTable,
  ProjectsTable,
  StatusTable,
  WalletsTable,
} from './breakdowns';
import { HeadlineTiles } from './headline';
import { MispaidInvoices, PaidInvoices } from './invoice-lists';
import { look, type Variant } from './looks';
import { PaidChart } from './paid-chart';
import { LatePayments, UnmatchedPayments } from './payment-lists';
import { ReconciliationPanel, ReconciliationStatus } from './reconciliation';

/** Rows the email shows of a table before pointing at the full report (Gmail clips bodies over 102 KB). */
export const EMAIL_ROWS_SHOWN = 10;
/** Rows the page shows of a payment list before pointing at payments.csv: all the report keeps. */
export const PAGE_PAYMENTS_SHOWN = LISTED_PAYMENTS_KEPT;

/** The list files as the reader knows them, where the report points at them for rows it leaves out. */
export interface ListFileNames {
  paidInvoicesCsv: string;
  paymentsCsv: string;
  /** Where the unmatched payments' estimates and candidates are listed; the payments' file when absent. */
  unmatchedCsv?: string;
}

/** The list files as they are named beside the page: in a report's folder and its S3 prefix. */
const FILES_BESIDE_THE_PAGE: ListFileNames = {
  paidInvoicesCsv: 'paid-invoices.csv',
  paymentsCsv: 'payments.csv',
  unmatchedCsv: 'unmatched-payments.csv',
};

/** Panels two abreast on a wide page; one under the other in the email and on a phone. */
function Columns({ variant, children }: { variant: Variant; children?: Child }) {
  if (variant === 'email') return <>{children}</>;
  return <div class="columns">{children}</div>;
}

/**
 * Everything a report says, in order, for either variant: reconciliation status, headline figures (and,
 * for a period not ended, what they are compared with), the period's invoices (or a line saying there
 * were none), payments, the under- and over-paid invoices, and the reconciliation in detail. On the page
 * the projects' table takes the whole width: it has the most columns.
 * The email leaves out the list of paid invoices (it is in paid-invoices.csv) and shortens long tables.
 */
export function ReportContent({
  variant,
  report,
  afterHeadline,
  fileNames = FILES_BESIDE_THE_PAGE,
}: {
  variant: Variant;
  report: Report;
  /** Shown right after the headline figures (the email's links). */
  afterHeadline?: Child;
  /** The names the notes give the list files: the email's are its attachments' names. */
  fileNames?: ListFileNames;
}) {
  const { summary } = report;
  const limit = variant === 'email' ? EMAIL_ROWS_SHOWN : Number.POSITIVE_INFINITY;
  const paymentLimit = variant === 'email' ? EMAIL_ROWS_SHOWN : PAGE_PAYMENTS_SHOWN;
  const title = periodTitle(summary.period);
  const comparison = comparisonWords(summary);
  const noInvoices = summary.invoices.total === 0;
  const noPayments = summary.payments.total === 0;
  return (
    <>
      <ReconciliationStatus variant={variant} summary={summary} />
      {noInvoices ? <p {...look(variant, 'notice')}>{`No invoices were created in ${title}.`}</p> : null}
      <HeadlineTiles variant={variant} summary={summary} />
      {comparison === null ? null : (
        <p {...look(variant, 'note')}>{`Compared over the same elapsed time: ${comparison}.`}</p>
      )}
      {afterHeadline}
      {noInvoices ? null : <PaidChart variant={variant} summary={summary} />}
      {noInvoices ? null : <ProjectsTable variant={variant} summary={summary} limit={limit} />}
      <Columns variant={variant}>
        {noInvoices ? null : (
          <>
            <CurrenciesTable variant={variant} summary={summary} limit={limit} />
            <StatusTable variant={variant} summary={summary} />
          </>
        )}
        {noPayments ? null : (
          <>
            <CryptocurrenciesTable variant={variant} summary={summary} limit={limit} />
            <WalletsTable variant={variant} summary={summary} limit={limit} />
          </>
        )}
      </Columns>
      {noPayments ? (
        <>
          <p {...look(variant, 'notice')}>{`No payments arrived in ${title}.`}</p>
          {/* None matched to this project's invoices; the unmatched ones are left out, not absent. */}
          {summary.payments.projectFilterNote === undefined ? null : (
            <p {...look(variant, 'note')}>{summary.payments.projectFilterNote}</p>
          )}
        </>
      ) : (
        <>
          <UnmatchedPayments
            variant={variant}
            report={report}
            limit={paymentLimit}
            csvName={fileNames.unmatchedCsv ?? fileNames.paymentsCsv}
          />
          <LatePayments
            variant={variant}
            report={report}
            limit={paymentLimit}
            csvName={fileNames.paymentsCsv}
          />
        </>
      )}
      {noInvoices ? null : (
        <MispaidInvoices
          variant={variant}
          report={report}
          limit={variant === 'email' ? EMAIL_ROWS_SHOWN : MISPAID_INVOICES_LISTED}
          csvName={fileNames.paidInvoicesCsv}
        />
      )}
      {variant === 'page' && !noInvoices ? <PaidInvoices variant={variant} report={report} /> : null}
      <ReconciliationPanel variant={variant} summary={summary} />
    </>
  );
}
