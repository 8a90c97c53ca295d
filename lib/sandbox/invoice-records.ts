import Big from 'big.js';
import { fiatFractionDigits, type InvoiceStatus } from '../invoicing';
import { serviceDatetimeFromEpochSeconds } from '../period';
import type { SandboxAccount } from './account';
import { invoiceId, invoiceUid } from './identifiers';
import { commissionUSD, cryptoDecimals, cryptoRateUSD, fiatRateUSD, jsonNumber, roundTo } from './rates';
import type { InvoiceJson } from './records';
import { AWKWARD_DESCRIPTIONS, ORDINARY_DESCRIPTIONS } from './sample-texts';
import { type SeededRandom, WeightedChoice } from './seeded-random';
import type { MonthNumber } from './service-time';

/** Time from creation to `timeToPayDatetime`, by how often merchants choose it. */
export const LIFETIMES = new WeightedChoice([
  [15 * 60, 20],
  [30 * 60, 30],
  [3_600, 25],
  [2 * 3_600, 15],
  [86_400, 10],
]);
/** Invoice currencies, by how often they are used. */
export const CURRENCIES = new WeightedChoice([
  ['USD', 45],
  ['EUR', 25],
  ['GBP', 15],
  ['JPY', 10],
  ['CAD', 5],
]);

/**
 * The crypto amount quoted for a USD amount at an instant, rounded down to the coin's decimals. Only a
 * generated figure (what the customer chose to send), so floating point is fine here and spares a
 * decimal division per invoice; what is derived from it is computed exactly.
 */
export function quote(usd: Big, cryptocurrency: string, at: number): Big {
  const decimals = cryptoDecimals(cryptocurrency);
  const scale = 10 ** decimals;
  const units = Math.floor((usd.toNumber() / cryptoRateUSD(cryptocurrency, at).toNumber()) * scale);
  return new Big((Math.max(units, 1) / scale).toFixed(decimals));
}

/** A USD value between 5 and 2,500, spread evenly on a log scale, as invoices' amounts are. */
export const drawUSD = (random: SeededRandom): number =>
  Math.exp(Math.log(5) + random.float() * Math.log(500));

/** A price of about `drawUSD`, in the currency's minor units; a third are round figures. */
export function drawAmountFiat(random: SeededRandom, currency: string, at: number): Big {
  const local = drawUSD(random) / fiatRateUSD(currency, at).toNumber();
  return new Big(local.toFixed(random.chance(1 / 3) ? 0 : fiatFractionDigits(currency)));
}

/** A description: none for 15 %, an awkward one for 8 %, else an ordinary one. */
export function drawDescription(random: SeededRandom): string | null {
  const draw = random.float();
  if (draw < 0.15) return null;
  return random.pick(draw < 0.23 ? AWKWARD_DESCRIPTIONS : ORDINARY_DESCRIPTIONS);
}

/** A generated invoice before `now` decides its status and amounts. */
export interface PlannedInvoice {
  /** Complete but for `amountFiatUSD`, `commissionFiatUSD` and `status`, which `settle` writes. */
  invoice: InvoiceJson;
  created: number;
  timeToPay: number;
  /** `amountFiat` at the rate of the creation moment, in cents. */
  usdAtCreation: Big;
}

export interface InvoiceDraft {
  month: MonthNumber;
  serial: number;
  projectId: string;
  created: number;
  lifetime: number;
  amountFiat: Big;
  currency: string;
  description: string | null;
  serviceData: string | null;
  views: number;
}

/** The invoice's record, with its members in the order of the spec. */
export function newInvoice(draft: InvoiceDraft, random: SeededRandom): PlannedInvoice {
  const timeToPay = draft.created + draft.lifetime;
  return {
    invoice: {
      id: invoiceId(random, draft.month, draft.serial),
      uid: invoiceUid(draft.month, draft.serial),
      projectId: draft.projectId,
      createDatetime: serviceDatetimeFromEpochSeconds(draft.created),
      timeToPayDatetime: serviceDatetimeFromEpochSeconds(timeToPay),
      commissionFiatUSD: 0,
      amountFiatUSD: 0,
      amountFiat: jsonNumber(draft.amountFiat),
      currencyFiat: draft.currency,
      description: draft.description,
      serviceData: draft.serviceData,
      views: draft.views,
      status: 'unpaid',
    },
    created: draft.created,
    timeToPay,
    usdAtCreation: roundTo(draft.amountFiat.times(fiatRateUSD(draft.currency, draft.created)), 2),
  };
}

/** An invoice of ordinary texts, drawn in this order: currency, project, amount, texts, views. */
export function ordinaryInvoice(
  random: SeededRandom,
  account: SandboxAccount,
  when: { month: MonthNumber; serial: number; created: number; lifetime: number },
  views: readonly [number, number],
): PlannedInvoice {
  const currency = random.weighted(CURRENCIES);
  const draft: InvoiceDraft = {
    ...when,
    projectId: random.pick(account.projectIds),
    amountFiat: drawAmountFiat(random, currency, when.created),
    currency,
    description: random.pick(ORDINARY_DESCRIPTIONS),
    serviceData: `ORD-${random.int(100_000, 999_999)}`,
    views: random.int(...views),
  };
  return newInvoice(draft, random);
}

/** Writes the status and `amountFiatUSD`, and the commission recalculated from it. */
export function settle(planned: PlannedInvoice, amountFiatUSD: Big, status: InvoiceStatus): InvoiceJson {
  const { invoice } = planned;
  invoice.amountFiatUSD = jsonNumber(amountFiatUSD);
  invoice.commissionFiatUSD = jsonNumber(commissionUSD(amountFiatUSD));
  invoice.status = status;
  return invoice;
}
