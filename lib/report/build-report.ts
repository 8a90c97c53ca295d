import { type InvoiceStatistics, type InvoicingClient, uuidSchema } from '../invoicing';
import { notBegunReason, ReportRequestError } from '../period';
import { type CollectProgress, collectReportData, type ReportRows } from './collect';
import type { ProjectNames } from './format';
import type { Report, ReportPeriod, ReportRequest } from './model';
import { reconcile, reconcileOverRead } from './reconcile';
import { fetchRanges, reportPeriod } from './report-period';
import { createPaidInvoiceRows, createPaymentRows, type RowTable, type RowTableOptions } from './rows';

export interface BuildReportOptions {
  /** Recorded as the report's source (credentials and query left out). */
  apiUrl: string;
  /** The period must have begun then; a period not ended is reported up to it. @default new Date() */
  now?: Date;
  onProgress?: (progress: CollectProgress) => void;
  /** Builders of the two files' rows (a test may pass its own). @default built with `spill` */
  rows?: ReportRows;
  /** Called as soon as a table's list has been read, while others may still be fetched. */
  onRowsComplete?: (name: keyof ReportRows, table: RowTable, period: ReportPeriod) => void;
  /** Where the default builders spill rows to disk. @default os.tmpdir() */
  spill?: RowTableOptions;
}

/**
 * One period's report in the request's zone (not ended at `now`: so far). Bad input throws before any
 * request; a failure while collecting removes the rows spilled; `disposeReport` removes them once written.
 */
export async function buildReport(
  client: InvoicingClient,
  request: ReportRequest,
  options: BuildReportOptions,
) {
  const now = options.now ?? new Date();
  const period = reportPeriod(request.period, request.timezone ?? 'UTC', now);
  const { projectId } = request;
  if (projectId !== undefined && !uuidSchema.safeParse(projectId).success) {
    throw new ReportRequestError(`invalid project id ${JSON.stringify(projectId)}: expected a UUID`);
  }
  // Not begun, or begun this very millisecond: nothing has happened in it yet.
  if (period.asOf === period.start) throw new ReportRequestError(notBegunReason(period.id, period.timezone));
  const apiUrl = publicUrl(options.apiUrl);
  // Not echoed: a mistyped URL may carry a key pasted into it.
  if (apiUrl === null) throw new ReportRequestError('the invoicing API URL is not a valid URL');
  const ranges = fetchRanges(period);
  const rows = options.rows ?? {
    paidInvoices: createPaidInvoiceRows(options.spill),
    payments: createPaymentRows(options.spill),
  };

  const collected = await collectReportData(client, period, ranges, rows, projectId, options).catch(
    async (error: unknown) => {
      await Promise.all([rows.paidInvoices.dispose(), rows.payments.dispose()]);
      throw error;
    },
  );

  const reconcileWith = (statistics: InvoiceStatistics) =>
    reconcile({ statistics, window: ranges.window, ledger: collected.ledger, projectId });
  let reconciliation = reconcileWith(collected.statistics);
  if (!reconciliation.ok) {
    // The service's figures may have moved while the lists were read: ask once more, and judge each
    // check against both answers (see `reconcileOverRead`). Should that ask fail, the first stands.
    const later = await client.invoiceStatistics({ ...ranges.window }).catch(() => undefined);
    if (later) reconciliation = reconcileOverRead(reconciliation, reconcileWith(later));
  }

  const summary = {
    account: request.account ?? null,
    period,
    projectId: projectId ?? null,
    projectNames: request.projectNames ?? ({} as ProjectNames),
    invoices: collected.invoices,
    previousPeriod: collected.previousPeriod,
    payments: collected.payments,
    reconciliation,
    generatedAt: now.toISOString(),
    // Never the API key.
    source: { apiUrl },
  };

  return {
    summary,
    ...collected.lists,
    paidInvoiceRows: rows.paidInvoices.build(),
    paymentRows: rows.payments.build(),
  };
}

/** Removes what a report's row tables keep on disk; its files must have been written. */
export async function disposeReport(report: Pick<Report, 'paidInvoiceRows' | 'paymentRows'>): Promise<void> {
  await Promise.all([report.paidInvoiceRows.dispose(), report.paymentRows.dispose()]);
}

/**
 * Without user, password, query or fragment, any of which could hold a key: `https://u:p@host/v1?token=x` →
 * `https://host/v1`. `null` for text that is not a URL (the caller words it without echoing the text).
 */
export function publicUrl(text: string): string | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  if (!url.username && !url.password && !url.search && !url.hash) return text;
  return `${url.origin}${url.pathname === '/' ? '' : url.pathname}`;
}
