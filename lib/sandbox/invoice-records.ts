import Big from 'big.js';
import { fiatFractionDigits, type InvoiceStatus } from '../invoicing';
import { serviceDatetimeFromEpochSeconds } from '../period';
import type { SandboxAccount } from './account';
import type { MonthNumber } from './date-reading';
import { commissionUSD, cryptoDecimals, cryptoRateUSD, fiatRateUSD, jsonNumber, roundTo } from './rates';
import { invoiceId, invoiceUid, type SeededRandom, weightedChoice } from './seeded-random';

/**
 * Texts merchants type into invoices. The awkward ones break CSV files, spreadsheets and HTML: every
 * month's first paid invoices carry each once (`null` is "no description").
 */
export const AWKWARD_DESCRIPTIONS: readonly (string | null)[] = [
  'Order #1042, 2 items, gift wrap',
  'The "Deluxe" plan, billed "yearly"',
  'Line one\nLine two\r\nLine three',
  'Coffee ☕ and cake 🍰 for the 👩‍💻 team',
  '=HYPERLINK("https://example.com/pay","Pay now")',
  '+1 555 0100 callback',
  '-20% spring discount',
  '@SUM(A1:A9)',
  '\tindented with a tab',
  '<script>alert("invoice")</script>',
  'Crème brûlée — 12 × €4,50; “smart quotes”',
  null,
  '',
  `Long description: ${'lorem ipsum dolor sit amet, '.repeat(20).trim()}`,
];

const ORDINARY_DESCRIPTIONS: readonly string[] = [
  'Monthly subscription',
  'Annual subscription',
  'Pro plan upgrade',
  'Hosting, 3 months',
  'Consulting hours',
  'Domain renewal',
  'Gift card',
  'Conference ticket',
  'Hardware wallet',
  'Support package',
  'Premium membership',
  'Custom order',
];

const AWKWARD_SERVICE_DATA: readonly (string | null)[] = [
  '{"cart":"A-17","items":3,"note":"a, b"}',
  '=1+1',
  '-1',
  null,
  'user@example.com',
];

/** Time from creation to `timeToPayDatetime`, by how often merchants choose it. */
export const LIFETIMES = weightedChoice([
  [15 * 60, 20],
  [30 * 60, 30],
  [3_600, 25],
  [2 * 3_600, 15],
  [86_400, 10],
]);
const CURRENCIES = weightedChoice([
  ['USD', 45],
  ['EUR', 25],
  ['GBP', 15],
  ['JPY', 10],
  ['CAD', 5],
]);

/**
 * The crypto amount quoted for USD at an instant, rounded down. A generated figure, so floating point is
 * fine and spares a decimal division per invoice; what is derived from it is exact.
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
function drawAmountFiat(random: SeededRandom, currency: string, at: number): Big {
  const local = drawUSD(random) / fiatRateUSD(currency, at).toNumber();
  return new Big(local.toFixed(random.chance(1 / 3) ? 0 : fiatFractionDigits(currency)));
}

/** A description: none for 15 %, an awkward one for 8 %, else an ordinary one. */
function drawDescription(random: SeededRandom): string | null {
  const draw = random.float();
  if (draw < 0.15) return null;
  return random.pick(draw < 0.23 ? AWKWARD_DESCRIPTIONS : ORDINARY_DESCRIPTIONS);
}

/** A generated invoice before `now` decides its status and amounts. */
export type PlannedInvoice = ReturnType<typeof planInvoice>;
/** The invoice fields: an item of the invoice list without `payment`/`wallet`, and a payment's `invoice`. */
export type InvoiceJson = PlannedInvoice['invoice'];

/** What `planInvoice` would otherwise draw. */
export interface FieldChoices {
  currency?: string;
  projectId?: string;
  amountFiat?: Big;
  description?: string | null;
}

/**
 * An invoice, its fields drawn in this order, on which the data depends: currency, project, amount,
 * description, `serviceData`, views, id. An `ordinary` one has even odds of projects and ordinary texts.
 */
export function planInvoice(
  random: SeededRandom,
  account: SandboxAccount,
  when: { month: MonthNumber; serial: number; created: number; lifetime: number },
  views: readonly [number, number],
  draws: FieldChoices & { ordinary?: boolean },
) {
  const { month, serial, created, lifetime } = when;
  const { ordinary } = draws;
  const currency = draws.currency ?? random.weighted(CURRENCIES);
  const projectId =
    draws.projectId ?? (ordinary ? random.pick(account.projectIds) : random.weighted(account.projectChoice));
  const amountFiat = draws.amountFiat ?? drawAmountFiat(random, currency, created);
  const description =
    draws.description !== undefined
      ? draws.description
      : ordinary
        ? random.pick(ORDINARY_DESCRIPTIONS)
        : drawDescription(random);
  const serviceData =
    !ordinary && random.chance(0.1)
      ? random.pick(AWKWARD_SERVICE_DATA)
      : `ORD-${random.int(100_000, 999_999)}`;
  const viewCount = random.int(...views);
  const timeToPay = created + lifetime;
  // Members in the spec's order; `settle` writes the amounts in USD and the status.
  const invoice = {
    id: invoiceId(random, month, serial),
    uid: invoiceUid(month, serial),
    projectId,
    createDatetime: serviceDatetimeFromEpochSeconds(created),
    timeToPayDatetime: serviceDatetimeFromEpochSeconds(timeToPay),
    commissionFiatUSD: 0,
    amountFiatUSD: 0,
    amountFiat: jsonNumber(amountFiat),
    currencyFiat: currency,
    description,
    serviceData,
    views: viewCount,
    status: 'unpaid' as InvoiceStatus,
  };
  // `usdAtCreation`: `amountFiat` at the rate of the creation moment, in cents.
  const usdAtCreation = roundTo(amountFiat.times(fiatRateUSD(currency, created)), 2);
  return { invoice, created, timeToPay, usdAtCreation };
}

/** Writes the status and `amountFiatUSD`, and the commission recalculated from it. */
export function settle(planned: PlannedInvoice, amountFiatUSD: Big, status: InvoiceStatus): InvoiceJson {
  const { invoice } = planned;
  invoice.amountFiatUSD = jsonNumber(amountFiatUSD);
  invoice.commissionFiatUSD = jsonNumber(commissionUSD(amountFiatUSD));
  invoice.status = status;
  return invoice;
}
