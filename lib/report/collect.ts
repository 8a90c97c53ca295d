import type {
  InvoiceFilter,
  InvoiceItem,
  InvoiceStatistics,
  InvoicingClient,
  PaymentItem,
} from '../invoicing';
import { createDayLocator, parsePeriod, parseServiceDatetime, zonedDaysOfPeriod } from '../period';
import { FirstPaidInvoices } from './collect-first-paid-invoices';
import type { FetchRanges } from './collect-ranges';
import { coveringDates } from './collect-ranges';
import { InvoiceFiguresAccumulator } from './invoice-figures';
import type { InvoiceFigures, MispaidInvoice, PreviousPeriodFigures, ReportPeriod } from './model';
import { PaymentFiguresAccumulator, type PaymentResult } from './payment-figures';
import { PreviousPeriodAccumulator } from './previous-period-figures';
import { WindowLedger } from './reconcile-ledger';
import { reportPeriodSpan } from './report-period';
import type { RowTableBuilder } from './rows';
import { NO_UNMATCHED, UnmatchedCollector, type UnmatchedResult } from './unmatched';

/** Records fetched so far from each list (all of them, in the period or not). */
export interface CollectProgress {
  invoices: number;
  payments: number;
  /** Paid invoices of the previous period's span the report is compared with. */
  previousPeriodInvoices: number;
}

/** Progress is reported every this many records of a list, and when a list is done. */
export const PROGRESS_EVERY = 500;

export interface CollectOptions {
  period: ReportPeriod;
  ranges: FetchRanges;
  /** Restricts the report to one project. */
  projectId?: string;
  /** Receive the period's paid invoices and the period's payments, in any order (the files' rows). */
  rows: ReportRows;
  onProgress?: (progress: CollectProgress) => void;
  /** Called once the list that feeds a table has been read to its end: the table gets no more rows. */
  onRowsComplete?: (table: keyof ReportRows) => void;
}

/** The builders of the two files' rows. */
export interface ReportRows {
  paidInvoices: RowTableBuilder<InvoiceItem>;
  payments: RowTableBuilder<PaymentItem>;
}

/** What collection yields: figures and short lists, never the whole lists. */
export interface Collected {
  statistics: InvoiceStatistics;
  invoices: InvoiceFigures;
  previousPeriod: PreviousPeriodFigures;
  payments: PaymentResult;
  firstPaidInvoices: InvoiceItem[];
  /** The under- and over-paid invoices with the largest differences. */
  mispaidInvoices: MispaidInvoice[];
  /** The paid invoices the list returned for the window, for the reconciliation. */
  ledger: WindowLedger;
  /** The unmatched payments' estimates and candidate invoices (none for one project's report). */
  unmatched: UnmatchedResult;
}

/** The statuses of the invoices not paid, each fetched for the span before the period (see `UnmatchedCollector`). */
const NOT_PAID = ['unpaid', 'expired', 'canceled'] as const;

/**
 * Fetches the statistics, the invoices, the payments and the paid invoices of the span of the previous
 * period compared with, concurrently (the client's own limit caps requests in flight), and adds up each
 * record as it arrives: memory holds totals, the first paid invoices, the first unmatched and late
 * payments, and the rows the files' builders have not yet sorted onto disk, never a whole list.
 *
 * Each record is placed by its own timestamp against the period's exact instants, up to its `asOf`
 * (`createDatetime` for invoices, `transactionDatetime` for payments); the service was asked for wider
 * ranges. A quarter or a year goes through the same single pass as a month: only its days are more. The
 * one walk of the invoice list serves the reconciliation too: the statistics were asked for the same
 * dates, and every paid invoice the list returns goes into the ledger. With a project filter, invoices
 * are asked for that project (and checked again), and a payment counts only if its invoice is in the
 * project.
 *
 * The first failure rejects with the original error; the other lists stop at their next record.
 */
export async function collectReportData(
  client: InvoicingClient,
  options: CollectOptions,
): Promise<Collected> {
  const { period, ranges, projectId, rows } = options;
  const span = reportPeriodSpan(period);
  const previousSpan = ranges.previous;
  const calendarPeriod = parsePeriod(period.id);
  const dayOf = createDayLocator(calendarPeriod, period.timezone, span.end);
  // A UUID names the same project in either case (RFC 9562): the service may write its ids in capitals
  // and the merchant type them in small letters, or the other way round; the service's filter finds the
  // project either way, and an exact comparison would then leave every invoice it returned out.
  const wantedProject = projectId?.toLowerCase();
  const inProject = (invoice: { projectId: string }) =>
    wantedProject === undefined || invoice.projectId.toLowerCase() === wantedProject;
  const projectFilter: Pick<InvoiceFilter, 'projectId'> = projectId === undefined ? {} : { projectId };

  const invoiceFigures = new InvoiceFiguresAccumulator(
    zonedDaysOfPeriod(calendarPeriod, period.timezone)
      .filter((day) => day.start < span.end)
      .map((day) => day.date),
  );
  const firstPaid = new FirstPaidInvoices();
  const ledger = new WindowLedger();
  const previous = new PreviousPeriodAccumulator(previousSpan);
  const paymentFigures = new PaymentFiguresAccumulator(projectId !== undefined);
  // A project's report leaves unmatched payments out (nothing ties them to a project), so it has none
  // to look into.
  const unmatched = projectId === undefined ? new UnmatchedCollector(span) : undefined;

  const progress: CollectProgress = { invoices: 0, payments: 0, previousPeriodInvoices: 0 };
  let stopped = false;
  const reportProgress = () => {
    if (!stopped) options.onProgress?.({ ...progress });
  };

  // Lists are opened inside the async function, so that even a client that throws synchronously
  // rejects its task rather than leave the others' promises unobserved.
  async function drain<T>(
    open: () => AsyncIterable<T>,
    list: keyof CollectProgress,
    take: (record: T) => void,
    rowsOf?: keyof ReportRows,
  ) {
    const table = rowsOf === undefined ? undefined : rows[rowsOf];
    for await (const record of open()) {
      // Leaving the loop calls the iterator's `return`, which ends its paging.
      if (stopped) return;
      progress[list] += 1;
      take(record);
      if (progress[list] % PROGRESS_EVERY === 0) reportProgress();
      // While the table's rows wait for the disk, the walk waits too (and asks for no more pages).
      const backlog = table?.backlog();
      if (backlog) await backlog;
    }
    reportProgress();
    if (rowsOf !== undefined && !stopped) options.onRowsComplete?.(rowsOf);
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
    // The list was asked for paid invoices only; a service that ignores `status` is still counted right.
    if (!inProject(invoice) || invoice.status !== 'paid') return;
    const at = parseServiceDatetime(invoice.createDatetime);
    if (at >= previousSpan.start && at < previousSpan.end) previous.add(invoice);
  };

  // Once the payments are read: the invoices not paid created before the period, whose search may have
  // been active when one of its unmatched payments came, each status on its own (paid ones are most).
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
      // In this order: the client reads walks opened together one after the other, so the paid
      // invoices' files can be written while the payments are fetched, and theirs while the previous
      // period is.
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
  return {
    statistics,
    invoices,
    previousPeriod: previous.result(invoices),
    payments: paymentFigures.result(),
    firstPaidInvoices: firstPaid.list(),
    mispaidInvoices: invoiceFigures.mispaidInvoices(),
    ledger,
    unmatched: unmatched?.result() ?? NO_UNMATCHED,
  };
}
