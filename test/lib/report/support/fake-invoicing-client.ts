import { setImmediate as nextTurn } from 'node:timers/promises';
import Big from 'big.js';
import type {
  InvoiceFilter,
  InvoiceItem,
  InvoiceStatistics,
  InvoicingClient,
  PaymentFilter,
  PaymentItem,
  StatisticsFilter,
} from '../../../../lib/invoicing';

/**
 * How a service may read `startDate`/`endDate` against a record's `Y-m-d H:i:s` timestamp; the spec
 * does not say, and each of these is a reasonable reading.
 */
export type BoundsReading =
  /** Both dates are whole days, both included. */
  | 'inclusive-days'
  /** `startDate` included, `endDate` excluded, as days. */
  | 'exclusive-end'
  /** The dates read as their midnights, both included (SQL `BETWEEN '2026-03-01' AND '2026-03-31'`). */
  | 'midnight-between'
  /** The dates read as their midnights, both excluded. */
  | 'midnight-exclusive';

function inRange(
  timestamp: string,
  startDate: string | undefined,
  endDate: string | undefined,
  reading: BoundsReading,
) {
  const day = timestamp.slice(0, 10);
  switch (reading) {
    case 'inclusive-days':
      return (startDate === undefined || day >= startDate) && (endDate === undefined || day <= endDate);
    case 'exclusive-end':
      return (startDate === undefined || day >= startDate) && (endDate === undefined || day < endDate);
    case 'midnight-between':
      return (
        (startDate === undefined || timestamp >= `${startDate} 00:00:00`) &&
        (endDate === undefined || timestamp <= `${endDate} 00:00:00`)
      );
    case 'midnight-exclusive':
      return (
        (startDate === undefined || timestamp > `${startDate} 00:00:00`) &&
        (endDate === undefined || timestamp < `${endDate} 00:00:00`)
      );
  }
}

export interface FakeServiceOptions {
  invoices?: InvoiceItem[];
  payments?: PaymentItem[];
  /** How the lists and the statistics read their date bounds. @default 'inclusive-days' */
  bounds?: BoundsReading;
  /** The unit of `invoicesByCurrencies`. @default 'fiat' */
  currencyUnit?: 'fiat' | 'usd';
  /** List every day of the range in `invoicesByDate`, zero or not (rather than the days with paid invoices). */
  everyDay?: boolean;
  /** Answer the statistics with this instead of deriving them. */
  statistics?: InvoiceStatistics;
  /** Fail a list after yielding this many records, or the statistics at once. */
  fail?: { list: 'invoices' | 'payments' | 'statistics'; afterRecords: number; error: Error };
  /** Yield to the event loop between records, as a paging client does between pages. */
  slow?: boolean;
}

export interface FakeInvoicingClient extends InvoicingClient {
  /** Every call made, with its filter. */
  readonly calls: { method: 'invoiceStatistics' | 'invoices' | 'payments'; filter: object }[];
  /** Lists closed before their end (the consumer stopped early). */
  readonly closedEarly: string[];
  /** Records yielded per list so far. */
  readonly yielded: { invoices: number; payments: number };
}

const add = (totals: Record<string, string>, key: string, amount: string) => {
  totals[key] = new Big(totals[key] ?? '0').plus(amount).toFixed();
};

/** Statistics over the invoices created in the range, as a service with this reading would compute them. */
function deriveStatistics(invoices: InvoiceItem[], filter: StatisticsFilter, options: FakeServiceOptions) {
  const reading = options.bounds ?? 'inclusive-days';
  const covered = invoices.filter((i) =>
    inRange(i.createDatetime, filter.startDate, filter.endDate, reading),
  );
  const paid = covered.filter((i) => i.status === 'paid');
  const statistics: InvoiceStatistics = {
    invoicesTotalNum: covered.length,
    invoicesPaidNum: paid.length,
    invoicesTotalUSD: '0',
    invoicesByProjects: {},
    invoicesByCurrencies: {},
    invoicesByMonths: {},
    invoicesByDate: {},
  };
  const byDate: Record<string, string> = {};
  if (options.everyDay && filter.startDate && filter.endDate) {
    for (let day = filter.startDate; day <= filter.endDate; ) {
      byDate[day] = '0';
      day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
  }
  let total = new Big(0);
  for (const invoice of paid) {
    total = total.plus(invoice.amountFiatUSD);
    add(statistics.invoicesByProjects, invoice.projectId, invoice.amountFiatUSD);
    add(
      statistics.invoicesByCurrencies,
      invoice.currencyFiat,
      options.currencyUnit === 'usd' ? invoice.amountFiatUSD : invoice.amountFiat,
    );
    add(byDate, invoice.createDatetime.slice(0, 10), invoice.amountFiatUSD);
  }
  statistics.invoicesTotalUSD = total.toFixed();
  for (const [day, value] of Object.entries(byDate)) {
    statistics.invoicesByDate[day] = { date: Date.parse(`${day}T00:00:00Z`), value };
  }
  return statistics;
}

/**
 * An `InvoicingClient` over hand-made records, honouring the filters the report uses, yielding records
 * in reverse order (the report must not depend on order).
 */
export function fakeInvoicingClient(options: FakeServiceOptions = {}): FakeInvoicingClient {
  const invoices = options.invoices ?? [];
  const payments = options.payments ?? [];
  const reading = options.bounds ?? 'inclusive-days';
  const calls: FakeInvoicingClient['calls'] = [];
  const closedEarly: string[] = [];
  const yielded = { invoices: 0, payments: 0 };

  async function* list<T>(name: 'invoices' | 'payments', records: T[]): AsyncGenerator<T> {
    let count = 0;
    let finished = false;
    try {
      for (const record of [...records].reverse()) {
        if (options.fail?.list === name && count === options.fail.afterRecords) throw options.fail.error;
        if (options.slow) await nextTurn();
        count += 1;
        yielded[name] += 1;
        yield record;
      }
      if (options.fail?.list === name && count === options.fail.afterRecords) throw options.fail.error;
      finished = true;
    } finally {
      if (!finished) closedEarly.push(name);
    }
  }

  return {
    calls,
    closedEarly,
    yielded,
    async invoiceStatistics(filter = {}) {
      calls.push({ method: 'invoiceStatistics', filter });
      if (options.fail?.list === 'statistics') throw options.fail.error;
      return options.statistics ?? deriveStatistics(invoices, filter, options);
    },
    invoices(filter: InvoiceFilter = {}) {
      calls.push({ method: 'invoices', filter });
      return list(
        'invoices',
        invoices.filter(
          (i) =>
            inRange(i.createDatetime, filter.startDate, filter.endDate, reading) &&
            (filter.projectId === undefined || i.projectId === filter.projectId) &&
            (filter.status === undefined || i.status === filter.status),
        ),
      );
    },
    payments(filter: PaymentFilter = {}) {
      calls.push({ method: 'payments', filter });
      return list(
        'payments',
        payments.filter((p) => inRange(p.transactionDatetime, filter.startDate, filter.endDate, reading)),
      );
    },
    async listInvoices() {
      throw new Error('the report pages through invoices(), not listInvoices()');
    },
    async listPayments() {
      throw new Error('the report pages through payments(), not listPayments()');
    },
  };
}
