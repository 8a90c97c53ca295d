import type { InvoiceStatistics, InvoicingClient } from '../invoicing';
import { uuidSchema } from '../invoicing';
import { notBegunReason, ReportRequestError } from '../period';
import { type Collected, type CollectProgress, collectReportData, type ReportRows } from './collect';
import { fetchRanges } from './collect-ranges';
import type { Report, ReportPeriod, ReportRequest, ReportSummary } from './model';
import { publicUrl } from './public-url';
import { reconcile } from './reconcile';
import { reconcileOverRead } from './reconcile-over-read';
import { reportPeriod } from './report-period';
import { createPaidInvoiceRows, createPaymentRows, type RowTable, type RowTableOptions } from './rows';

export interface BuildReportOptions {
  /** The service's base URL, recorded as the report's source (credentials and query left out). */
  apiUrl: string;
  /**
   * The moment the report is made at: the period must have begun then, and a period not ended is
   * reported up to it. @default new Date()
   */
  now?: Date;
  /** Records fetched so far, every few hundred records and when each list is done. */
  onProgress?: (progress: CollectProgress) => void;
  /**
   * The builders of the rows of `paid-invoices.csv` and `payments.csv` and of the workbook's two lists
   * (a test may pass builders it can look into).
   * @default { paidInvoices: createPaidInvoiceRows(spill), payments: createPaymentRows(spill) }
   */
  rows?: ReportRows;
  /**
   * Called with a table as soon as the list that feeds it has been read, while the others may still be
   * fetched: its files can be written meanwhile. The report holds the same table.
   */
  onRowsComplete?: (name: keyof ReportRows, table: RowTable, period: ReportPeriod) => void;
  /** Where the default builders sort rows that outgrow memory onto disk. @default os.tmpdir() */
  spill?: RowTableOptions;
}

/**
 * Builds the report for one period, a month, a quarter or a year (in the request's time zone, UTC by
 * default), optionally one project: invoice figures (per day and per month too), the previous period's
 * figures, payment figures, the reconciliation against the statistics endpoint, the short lists the
 * HTML shows and the two CSV tables. Every kind of period takes the same path over its own bounds. A
 * period not ended at `now` is reported so far (`complete: false`, `asOf`: `now`) and compared with the
 * same elapsed span of the previous period.
 *
 * Bad input (period, time zone, project id, a period not begun at `now`, API URL) throws
 * `ReportRequestError` before any request. Any failure while collecting rejects with the original
 * error; no partial report is returned, and the rows sorted onto disk so far are removed. The report's
 * row tables may hold files on disk: `disposeReport` removes them once the report is written.
 */
export async function buildReport(
  client: InvoicingClient,
  request: ReportRequest,
  options: BuildReportOptions,
): Promise<Report> {
  const now = options.now ?? new Date();
  const period = reportPeriod(request.period, request.timezone ?? 'UTC', now);
  const { projectId } = request;
  if (projectId !== undefined && !uuidSchema.safeParse(projectId).success) {
    throw new ReportRequestError(`invalid project id ${JSON.stringify(projectId)}: expected a UUID`);
  }
  // Not begun, or begun this very millisecond: nothing has happened in it yet.
  if (period.asOf === period.start) {
    throw new ReportRequestError(notBegunReason(period.id, period.timezone));
  }
  const apiUrl = publicUrl(options.apiUrl);
  // Not echoed: a mistyped URL may carry a key pasted into it.
  if (apiUrl === null) throw new ReportRequestError('the invoicing API URL is not a valid URL');
  const ranges = fetchRanges(period);
  const rows = options.rows ?? {
    paidInvoices: createPaidInvoiceRows(options.spill),
    payments: createPaymentRows(options.spill),
  };

  let collected: Collected;
  try {
    collected = await collectReportData(client, {
      period,
      ranges,
      projectId,
      rows,
      onProgress: options.onProgress,
      onRowsComplete: (name) => options.onRowsComplete?.(name, rows[name].build(), period),
    });
  } catch (error) {
    await Promise.all([rows.paidInvoices.dispose(), rows.payments.dispose()]);
    throw error;
  }

  const reconcileWith = (statistics: InvoiceStatistics) =>
    reconcile({ statistics, window: ranges.window, ledger: collected.ledger, projectId });
  let reconciliation = reconcileWith(collected.statistics);
  if (!reconciliation.ok) {
    // The service's figures may have moved while the lists were read: ask once more, and judge each
    // check against both answers (see `reconcileOverRead`). Should that ask fail, the first stands.
    const later = await client.invoiceStatistics({ ...ranges.window }).catch(() => undefined);
    if (later) reconciliation = reconcileOverRead(reconciliation, reconcileWith(later));
  }

  const summary: ReportSummary = {
    account: request.account ?? null,
    period,
    projectId: projectId ?? null,
    projectNames: request.projectNames ?? {},
    invoices: collected.invoices,
    previousPeriod: collected.previousPeriod,
    payments: { ...collected.payments.figures, ...collected.unmatched.figures },
    reconciliation,
    generatedAt: now.toISOString(),
    source: { apiUrl },
  };

  return {
    summary,
    firstPaidInvoices: collected.firstPaidInvoices,
    unmatchedPayments: collected.payments.unmatched,
    unmatched: collected.unmatched.payments,
    latePayments: collected.payments.late,
    mispaidInvoices: collected.mispaidInvoices,
    paidInvoiceRows: rows.paidInvoices.build(),
    paymentRows: rows.payments.build(),
  };
}

/** Removes what a report's row tables keep on disk; its files must have been written. */
export async function disposeReport(report: Pick<Report, 'paidInvoiceRows' | 'paymentRows'>): Promise<void> {
  await Promise.all([report.paidInvoiceRows.dispose(), report.paymentRows.dispose()]);
}
