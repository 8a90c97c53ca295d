import type Big from 'big.js';
import type { Invoice, InvoiceStatus } from '../invoicing/schemas';
import type { CurrencyFigures, DayFigures, InvoiceFigures, ProjectFigures } from './model';
import { roundFiat, roundUsd, ZERO } from './money';

interface ProjectTotals {
  paid: number;
  usd: Big;
  commission: Big;
}

interface CurrencyTotals {
  paid: number;
  amount: Big;
  usd: Big;
}

interface DayTotals {
  paid: number;
  usd: Big;
}

const byCode = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Adds up the invoices created in the month as they arrive, keeping only totals. Paid figures use
 * `amountFiatUSD` (the USD value actually received), `commissionFiatUSD` and `amountFiat`.
 */
export class InvoiceFiguresAccumulator {
  #total = 0;
  readonly #byStatus: Record<InvoiceStatus, number> = { unpaid: 0, canceled: 0, paid: 0, expired: 0 };
  #paidUsd = ZERO;
  #commissionUsd = ZERO;
  readonly #projects = new Map<string, ProjectTotals>();
  readonly #currencies = new Map<string, CurrencyTotals>();
  readonly #days: Map<string, DayTotals>;

  /** @param days every day of the month in the report's time zone (`YYYY-MM-DD`), in order. */
  constructor(days: readonly string[]) {
    this.#days = new Map(days.map((date) => [date, { paid: 0, usd: ZERO }]));
  }

  /**
   * Counts in an invoice created in the month.
   * @param day the day of the month it was created on, in the report's time zone.
   */
  add(invoice: Invoice, day: string): void {
    this.#total += 1;
    this.#byStatus[invoice.status] += 1;
    if (invoice.status !== 'paid') return;

    this.#paidUsd = this.#paidUsd.plus(invoice.amountFiatUSD);
    this.#commissionUsd = this.#commissionUsd.plus(invoice.commissionFiatUSD);

    const project = this.#projects.get(invoice.projectId) ?? { paid: 0, usd: ZERO, commission: ZERO };
    project.paid += 1;
    project.usd = project.usd.plus(invoice.amountFiatUSD);
    project.commission = project.commission.plus(invoice.commissionFiatUSD);
    this.#projects.set(invoice.projectId, project);

    const currency = this.#currencies.get(invoice.currencyFiat) ?? { paid: 0, amount: ZERO, usd: ZERO };
    currency.paid += 1;
    currency.amount = currency.amount.plus(invoice.amountFiat);
    currency.usd = currency.usd.plus(invoice.amountFiatUSD);
    this.#currencies.set(invoice.currencyFiat, currency);

    const dayTotals = this.#days.get(day);
    if (dayTotals === undefined) throw new Error(`Day ${day} is not a day of the report's month`);
    dayTotals.paid += 1;
    dayTotals.usd = dayTotals.usd.plus(invoice.amountFiatUSD);
  }

  /** The figures, each summed exactly and rounded once. */
  result(): InvoiceFigures {
    const projects: ProjectFigures[] = [...this.#projects]
      .sort(([idA, a], [idB, b]) => b.usd.cmp(a.usd) || byCode(idA, idB))
      .map(([projectId, totals]) => ({
        projectId,
        paid: totals.paid,
        paidTotalUSD: roundUsd(totals.usd),
        commissionTotalUSD: roundUsd(totals.commission),
      }));
    const currencies: CurrencyFigures[] = [...this.#currencies]
      .sort(([a], [b]) => byCode(a, b))
      .map(([currency, totals]) => ({
        currency,
        paid: totals.paid,
        amount: roundFiat(totals.amount, currency),
        paidTotalUSD: roundUsd(totals.usd),
      }));
    const days: DayFigures[] = [...this.#days].map(([date, totals]) => ({
      date,
      paid: totals.paid,
      paidTotalUSD: roundUsd(totals.usd),
    }));
    return {
      total: this.#total,
      paid: this.#byStatus.paid,
      byStatus: { ...this.#byStatus },
      paidTotalUSD: roundUsd(this.#paidUsd),
      commissionTotalUSD: roundUsd(this.#commissionUsd),
      byProject: Object.fromEntries(projects.map((project) => [project.projectId, project.paidTotalUSD])),
      byCurrency: Object.fromEntries(currencies.map((currency) => [currency.currency, currency.amount])),
      byDay: Object.fromEntries(days.map((day) => [day.date, day.paidTotalUSD])),
      projects,
      currencies,
      days,
    };
  }
}
