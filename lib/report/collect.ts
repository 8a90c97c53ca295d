import type {
  InvoiceFilter,
  InvoiceItem,
  InvoiceStatistics,
  InvoicingClient,
  PaymentItem,
} from '../invoicing';
import { createDayLocator, parsePeriod, parseServiceDatetime, zonedDaysOfPeriod } from '../period';
import type { BuildReportOptions } from './build-report';
import { compareByCreation, FirstInOrder } from './collections';
import { InvoiceFiguresAccumulator, PaymentFiguresAccumulator, PreviousPeriodAccumulator } from './figures';
import { FIRST_PAID_INVOICES_SHOWN, type ReportPeriod } from './model';
import { WindowLedger } from './reconcile';
import { coveringDates, type FetchRanges, reportPeriodSpan } from './report-period';
import type { RowTableBuilder } from './rows';
import { NO_UNMATCHED, UnmatchedCollector } from './unmatched';

/** Records fetched so far from each list, in the period or not. */
export type CollectProgress = { invoices: number; payments: number; previousPeriodInvoices: number };

const PROGRESS_EVERY = 500;

export type ReportRows = {
  paidInvoices: RowTableBuilder<InvoiceItem>;
  payments: RowTableBuilder<PaymentItem>;
};

const NOT_PAID = ['unpaid', 'expired', 'canceled'] as const;

/**
 * Reads the statistics and three lists at once, adding up each record by its own timestamp as it arrives
 * (memory holds totals and short lists). The first failure rejects; the other lists stop at their next.
 */
export async function collectReportData(
  client: InvoicingClient,
  period: ReportPeriod,
  ranges: FetchRanges,
  rows: ReportRows,
  projectId: string | undefined,
  options: Pick<BuildReportOptions, 'onProgress' | 'onRowsComplete'>,
) {
  const span = reportPeriodSpan(period);
  const previousSpan = ranges.previous;
  const calendarPeriod = parsePeriod(period.id);
  const dayOf = createDayLocator(calendarPeriod, period.timezone, span.end);
  // A UUID's case means nothing (RFC 9562): the service may write capitals where the merchant did not.
  const wantedProject = projectId?.toLowerCase();
  const inProject = (invoice: { projectId: string }) =>
    wantedProject === undefined || invoice.projectId.toLowerCase() === wantedProject;
  const projectFilter: Pick<InvoiceFilter, 'projectId'> = projectId === undefined ? {} : { projectId };

  const invoiceFigures = new InvoiceFiguresAccumulator(
    zonedDaysOfPeriod(calendarPeriod, period.timezone)
      .filter((day) => day.start < span.end)
      .map((day) => day.date),
  );
  const firstPaid = new FirstInOrder(FIRST_PAID_INVOICES_SHOWN, compareByCreation);
  const ledger = new WindowLedger();
  const previous = new PreviousPeriodAccumulator(previousSpan);
  const paymentFigures = new PaymentFiguresAccumulator(projectId !== undefined);
  // Nothing ties an unmatched payment to a project.
  const unmatched = projectId === undefined ? new UnmatchedCollector(span) : undefined;

  const progress: CollectProgress = { invoices: 0, payments: 0, previousPeriodInvoices: 0 };
  let stopped = false;
  const reportProgress = () => {
    if (!stopped) options.onProgress?.({ ...progress });
  };

  // Opened inside the async function: a client that throws synchronously rejects its task.
  async function drain<T>(
    open: () => AsyncIterable<T>,
    list: keyof CollectProgress,
    take: (record: T) => void,
    rowsOf?: keyof ReportRows,
  ) {
    const table = rowsOf === undefined ? undefined : rows[rowsOf];
    for await (const record of open()) {
      if (stopped) return;
      progress[list] += 1;
      take(record);
      if (progress[list] % PROGRESS_EVERY === 0) reportProgress();
      // While the rows wait for the disk, the walk waits too: memory does not follow the service's pace.
      const backlog = table?.backlog();
      if (backlog) await backlog;
    }
    reportProgress();
    if (rowsOf !== undefined && !stopped) options.onRowsComplete?.(rowsOf, rows[rowsOf].build(), period);
  }

  const takeInvoice = (invoice: InvoiceItem) => {
    unmatched?.addInvoice(invoice);
    if (!inProject(invoice)) return;
    const createdAt = parseServiceDatetime(invoice.createDatetime);
    ledger.add(invoice, createdAt);
    const day = dayOf(createdAt);
    if (day === undefined) return;
    invoiceFigures.add(invoice, day);
    if (invoice.status === 'paid') {
      rows.paidInvoices.add(invoice);
      firstPaid.add(invoice);
    }
  };

  const takePayment = (payment: PaymentItem) => {
    const at = parseServiceDatetime(payment.transactionDatetime);
    unmatched?.addPayment(payment, at);
    if (at < span.start || at >= span.end) return;
    if (projectId !== undefined) {
      if (payment.invoice === undefined) {
        paymentFigures.leaveOutUnattributable();
        return;
      }
      if (!inProject(payment.invoice)) return;
    }
    paymentFigures.add(payment);
    rows.payments.add(payment);
  };

  const takePreviousPeriodInvoice = (invoice: InvoiceItem) => {
    // A service that ignores `status` is still counted right.
    if (!inProject(invoice) || invoice.status !== 'paid') return;
    const at = parseServiceDatetime(invoice.createDatetime);
    if (at >= previousSpan.start && at < previousSpan.end) previous.add(invoice);
  };

  // Once the payments are read: earlier invoices not paid whose search an unmatched payment may have met;
  // a status at a time (paid ones are most).
  const readEarlierInvoices = async () => {
    if (unmatched === undefined || stopped) return;
    unmatched.paymentsRead();
    const earlier = unmatched.earlierInvoicesSpan();
    if (earlier === undefined) return;
    const dates = coveringDates(earlier);
    await Promise.all(
      NOT_PAID.map(async (status) => {
        for await (const invoice of client.invoices({ ...dates, status })) {
          if (stopped) return;
          unmatched.addInvoice(invoice);
        }
      }),
    );
  };

  let statistics: InvoiceStatistics;
  try {
    [statistics] = await Promise.all([
      (async () => {
        const answer = await client.invoiceStatistics({ ...ranges.window });
        ledger.readDays(answer.invoicesByDate);
        return answer;
      })(),
      // In this order: the client reads walks opened together one after the other, so each table's
      // files can be written while the next list is fetched.
      drain(
        () => client.invoices({ ...ranges.window, ...projectFilter }),
        'invoices',
        takeInvoice,
        'paidInvoices',
      ),
      drain(() => client.payments({ ...ranges.payments }), 'payments', takePayment, 'payments').then(() =>
        readEarlierInvoices(),
      ),
      drain(
        () => client.invoices({ ...ranges.previousInvoices, status: 'paid', ...projectFilter }),
        'previousPeriodInvoices',
        takePreviousPeriodInvoice,
      ),
    ]);
  } catch (error) {
    stopped = true;
    throw error;
  }

  const invoices = invoiceFigures.result();
  const payments = paymentFigures.result();
  const { figures: unmatchedFigures, payments: unmatchedFacts } = unmatched?.result() ?? NO_UNMATCHED;
  return {
    statistics,
    ledger,
    invoices,
    previousPeriod: previous.result(invoices),
    payments: { ...payments.figures, ...unmatchedFigures },
    lists: {
      firstPaidInvoices: firstPaid.list(),
      unmatchedPayments: payments.unmatched,
      unmatched: unmatchedFacts,
      latePayments: payments.late,
      mispaidInvoices: invoiceFigures.mispaid.largest(),
    },
  };
}
