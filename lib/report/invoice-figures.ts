import type Big from 'big.js';
import type { Invoice, InvoiceStatus } from '../invoicing';
import { MispaidFiguresAccumulator } from './mispaid-figures';
import type {
  CurrencyFigures,
  DayFigures,
  InvoiceFigures,
  MispaidInvoice,
  MonthFigures,
  ProjectFigures,
} from './model';
import { DecimalSum, roundFiat, roundUsd, sum } from './money';

interface ProjectTotals {
  paid: number;
  usd: DecimalSum;
  commission: DecimalSum;
}

interface CurrencyTotals {
  paid: number;
  amount: DecimalSum;
  usd: DecimalSum;
}

interface DayTotals {
  paid: number;
  usd: DecimalSum;
}

const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The paid total minus the commission, each sum exact, rounded once. */
const netReceived = (paid: DecimalSum, commission: DecimalSum): Big =>
  roundUsd(paid.toBig().minus(commission.toBig()));

/**
 * Adds up the invoices created in the period as they arrive, keeping only totals. Paid figures use
 * `amountFiatUSD` (the USD value actually received), `commissionFiatUSD` and `amountFiat`. The figures
 * per month come from those per day when the result is made, not from the records. Paid invoices in USD
 * are also judged under- or over-paid (see `MispaidFiguresAccumulator`).
 */
export class InvoiceFiguresAccumulator {
  #total = 0;
  readonly #byStatus: Record<InvoiceStatus, number> = { unpaid: 0, canceled: 0, paid: 0, expired: 0 };
  readonly #paidUsd = new DecimalSum();
  readonly #commissionUsd = new DecimalSum();
  readonly #projects = new Map<string, ProjectTotals>();
  readonly #currencies = new Map<string, CurrencyTotals>();
  readonly #days: Map<string, DayTotals>;
  readonly #mispaid = new MispaidFiguresAccumulator();

  /** @param days every day of the period the report covers, in its time zone (`YYYY-MM-DD`), in order. */
  constructor(days: readonly string[]) {
    this.#days = new Map(days.map((date) => [date, { paid: 0, usd: new DecimalSum() }]));
  }

  /**
   * Counts in an invoice created in the period.
   * @param day the day of the period it was created on, in the report's time zone.
   */
  add(invoice: Invoice, day: string): void {
    this.#total += 1;
    this.#byStatus[invoice.status] += 1;
    if (invoice.status !== 'paid') return;

    this.#paidUsd.add(invoice.amountFiatUSD);
    this.#commissionUsd.add(invoice.commissionFiatUSD);
    this.#mispaid.add(invoice);

    let project = this.#projects.get(invoice.projectId);
    if (project === undefined) {
      project = { paid: 0, usd: new DecimalSum(), commission: new DecimalSum() };
      this.#projects.set(invoice.projectId, project);
    }
    project.paid += 1;
    project.usd.add(invoice.amountFiatUSD);
    project.commission.add(invoice.commissionFiatUSD);

    let currency = this.#currencies.get(invoice.currencyFiat);
    if (currency === undefined) {
      currency = { paid: 0, amount: new DecimalSum(), usd: new DecimalSum() };
      this.#currencies.set(invoice.currencyFiat, currency);
    }
    currency.paid += 1;
    currency.amount.add(invoice.amountFiat);
    currency.usd.add(invoice.amountFiatUSD);

    const dayTotals = this.#days.get(day);
    if (dayTotals === undefined) throw new Error(`Day ${day} is not a day of the report's period`);
    dayTotals.paid += 1;
    dayTotals.usd.add(invoice.amountFiatUSD);
  }

  /** The figures, each summed exactly and rounded once. */
  result(): InvoiceFigures {
    const projects: ProjectFigures[] = [...this.#projects]
      .map(([projectId, totals]) => ({ projectId, paid: totals.paid, exactUsd: totals.usd.toBig(), totals }))
      .sort((a, b) => b.exactUsd.cmp(a.exactUsd) || byCode(a.projectId, b.projectId))
      .map(({ projectId, paid, exactUsd, totals }) => ({
        projectId,
        paid,
        paidTotalUSD: roundUsd(exactUsd),
        commissionTotalUSD: roundUsd(totals.commission.toBig()),
        netReceivedUSD: netReceived(totals.usd, totals.commission),
      }));
    const currencies: CurrencyFigures[] = [...this.#currencies]
      .sort(([a], [b]) => byCode(a, b))
      .map(([currency, totals]) => ({
        currency,
        paid: totals.paid,
        amount: roundFiat(totals.amount.toBig(), currency),
        paidTotalUSD: roundUsd(totals.usd.toBig()),
      }));
    const exactDays = [...this.#days].map(([date, totals]) => ({
      date,
      totals,
      exactUsd: totals.usd.toBig(),
    }));
    const days: DayFigures[] = exactDays.map(({ date, totals, exactUsd }) => ({
      date,
      paid: totals.paid,
      paidTotalUSD: roundUsd(exactUsd),
    }));
    const months = monthsOf(exactDays);
    return {
      total: this.#total,
      paid: this.#byStatus.paid,
      byStatus: { ...this.#byStatus },
      paidTotalUSD: roundUsd(this.#paidUsd.toBig()),
      commissionTotalUSD: roundUsd(this.#commissionUsd.toBig()),
      netReceivedUSD: netReceived(this.#paidUsd, this.#commissionUsd),
      ...this.#mispaid.totals(),
      byProject: Object.fromEntries(projects.map((project) => [project.projectId, project.paidTotalUSD])),
      byCurrency: Object.fromEntries(currencies.map((currency) => [currency.currency, currency.amount])),
      byDay: Object.fromEntries(days.map((day) => [day.date, day.paidTotalUSD])),
      byMonth: Object.fromEntries(months.map((month) => [month.month, month.paidTotalUSD])),
      projects,
      currencies,
      days,
      months,
    };
  }

  /** The under- and over-paid invoices with the largest differences, largest first. */
  mispaidInvoices(): MispaidInvoice[] {
    return this.#mispaid.largest();
  }
}

/** The months of the days, in order: each month's exact day sums added, then rounded once. */
function monthsOf(days: { date: string; totals: DayTotals; exactUsd: Big }[]): MonthFigures[] {
  const months = new Map<string, { paid: number; usd: Big[] }>();
  for (const { date, totals, exactUsd } of days) {
    const key = date.slice(0, 7);
    let month = months.get(key);
    if (month === undefined) {
      month = { paid: 0, usd: [] };
      months.set(key, month);
    }
    month.paid += totals.paid;
    month.usd.push(exactUsd);
  }
  return [...months].map(([month, { paid, usd }]) => ({ month, paid, paidTotalUSD: roundUsd(sum(usd)) }));
}
