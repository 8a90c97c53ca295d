import Big from 'big.js';
import type { InvoiceItem, PaymentItem, Wallet } from '../../lib/invoicing/schemas';
import type { InvoiceCandidate, UnmatchedPaymentFacts } from '../../lib/report';
import {
  FIRST_PAID_INVOICES_SHOWN,
  type LatePayment,
  type ReconciliationCheck,
  type Report,
  type ReportSummary,
} from '../../lib/report/model';
import {
  createPaidInvoiceRows,
  createPaymentRows,
  type RowTable,
  type RowTableBuilder,
} from '../../lib/report/rows';

/**
 * A hand-made report for October 2026 in Europe/Berlin, account "Acme", built so that every figure
 * can be checked by hand:
 *
 * - 150 invoices created: 120 paid, 10 unpaid, 8 canceled, 12 expired.
 * - Paid invoice k (1..120): odd k in EUR (450.00 EUR = 522.90 USD, commission 5.23 USD, paid with
 *   0.00812345 BTC), even k in USD (675.40 USD, commission 6.75 USD, paid with 675.4 USDT). Two USD
 *   invoices of 3 Oct received a different USD value from the one invoiced: k 6 675.35 USD (under-paid
 *   by 0.05) and k 8 675.45 USD (over-paid by 0.05), commission 6.75 USD each; every total stays as if
 *   they had not.
 *   k 1..70 belong to the web shop project ("Web shop"), 71..110 to the app ("Mobile app"), 111..120 to
 *   donations (a project without a name).
 * - Paid total 60 × 522.90 + 60 × 675.40 = 71,898.00 USD; commission 60 × 5.23 + 60 × 6.75 = 718.80 USD;
 *   net received 71,898.00 − 718.80 = 71,179.20 USD.
 *   Per project: shop 41,940.50 USD (70 paid, commission 419.30, net 41,521.20), app 23,966.00 USD (40,
 *   239.60, 23,726.40), donations 5,991.50 USD (10, 59.90, 5,931.60).
 *   Per currency: 27,000.00 EUR (60 paid), 40,524.00 USD (60 paid).
 * - Days: `PAID_PER_DAY[d - 1]` paid invoices created on day d, in order of k (k 1-2 on 1 Oct, 3-5 on
 *   2 Oct, ..., k 50 alone on 14 Oct, k 95-100 on 25 Oct): the first 100 end on 25 Oct.
 * - September: 104 paid, 63,912.40 USD; change +16 and +7,985.60 USD, +12.5 %.
 * - Payments: the 120 of the paid invoices plus 3 unmatched (0.00000095 BTC, 1,234.5 USDT, 0.05 ETH;
 *   estimated 1,235.05 USD, one with a likely invoice, see `sampleUnmatchedFacts`):
 *   123 in all; BTC 0.48740795, ETH 0.05, USDT 41,758.5. Invoices 5 and 88 were paid late
 *   (12 min 34 s and 52 min after their deadline).
 * - Reconciliation agrees everywhere (see `withReconciliationDifferences` for a month that does not).
 */

export const SAMPLE_PROJECTS = {
  shop: '3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c',
  app: 'b71d04aa-2c3e-4f5a-8b6c-7d8e9f0a1b2c',
  donations: 'e0c5f6b2-9a8b-4c7d-8e6f-5a4b3c2d1e0f',
} as const;

export const SAMPLE_WALLETS = {
  btc: {
    id: '9b1e7c4a-1111-4a2b-8c3d-4e5f6a7b8c9d',
    name: 'BTC main',
    blockchain: 'bitcoin',
    cryptocurrency: 'BTC',
    address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  },
  usdt: {
    id: '9b1e7c4a-2222-4a2b-8c3d-4e5f6a7b8c9d',
    name: 'USDT TRC20',
    blockchain: 'tron',
    cryptocurrency: 'USDT',
    address: 'TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9',
  },
  eth: {
    id: '9b1e7c4a-3333-4a2b-8c3d-4e5f6a7b8c9d',
    name: 'ETH main',
    blockchain: 'ethereum',
    cryptocurrency: 'ETH',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
  },
} satisfies Record<string, Wallet>;

/** The names the sample account gives its projects: donations has none. */
export const SAMPLE_PROJECT_NAMES = {
  [SAMPLE_PROJECTS.shop]: 'Web shop',
  [SAMPLE_PROJECTS.app]: 'Mobile app',
};

/** USD invoices k that received a USD value other than `675.4`, and what they received. */
const RECEIVED_USD: Record<number, string> = { 6: '675.35', 8: '675.45' };

/** Paid invoices created on each day of October 2026 (sums to 120). */
export const PAID_PER_DAY = [
  2, 3, 5, 6, 4, 1, 1, 3, 4, 6, 7, 5, 2, 1, 4, 5, 6, 8, 6, 2, 1, 3, 4, 5, 6, 4, 1, 2, 5, 4, 4,
] as const;

/** Invoices k paid after their deadline, with how many seconds late. */
const LATE_SECONDS: Record<number, number> = { 5: 754, 88: 3120 };

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `Y-m-d H:i:s` in UTC, as the service writes it. */
const serviceDatetime = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};

function projectOf(k: number): string {
  if (k <= 70) return SAMPLE_PROJECTS.shop;
  if (k <= 110) return SAMPLE_PROJECTS.app;
  return SAMPLE_PROJECTS.donations;
}

/** The 120 paid invoices in order of creation (which is also the order of k). */
export function samplePaidInvoices(): InvoiceItem[] {
  const invoices: InvoiceItem[] = [];
  let k = 0;
  PAID_PER_DAY.forEach((count, dayIndex) => {
    for (let n = 0; n < count; n++) {
      k += 1;
      const eur = k % 2 === 1;
      // 08:00 UTC plus an hour per invoice of the day: the same calendar day in Berlin (UTC+1/+2).
      const created = Date.UTC(2026, 9, dayIndex + 1, 8 + n, 0, 0);
      const deadline = created + 60 * 60 * 1000;
      const late = LATE_SECONDS[k];
      const paidAt = late === undefined ? created + 20 * 60 * 1000 : deadline + late * 1000;
      invoices.push({
        id: `a1b2c3d4-0000-4000-8000-${pad(k, 12)}`,
        uid: `INV-2610-${pad(k, 4)}`,
        projectId: projectOf(k),
        createDatetime: serviceDatetime(created),
        timeToPayDatetime: serviceDatetime(deadline),
        commissionFiatUSD: eur ? '5.23' : '6.75',
        amountFiatUSD: eur ? '522.9' : (RECEIVED_USD[k] ?? '675.4'),
        amountFiat: eur ? '450' : '675.4',
        currencyFiat: eur ? 'EUR' : 'USD',
        description: eur ? `Order #${1000 + k}` : `Subscription, ${k % 4 === 0 ? 'yearly' : 'monthly'} plan`,
        serviceData: `order-${1000 + k}`,
        views: 1 + (k % 3),
        status: 'paid',
        payment: {
          id: `f0e1d2c3-0000-4000-8000-${pad(k, 12)}`,
          amount: eur ? '0.00812345' : '675.4',
          hash: eur
            ? `${pad(k, 4)}e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855`
            : `0x${pad(k, 4)}c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470`,
          transactionDatetime: serviceDatetime(paidAt),
        },
        wallet: eur ? SAMPLE_WALLETS.btc : SAMPLE_WALLETS.usdt,
      });
    }
  });
  return invoices;
}

/** A payment item of a paid invoice, as the payments list would give it. */
function paymentOf(invoice: InvoiceItem): PaymentItem {
  const { payment, wallet, ...fields } = invoice;
  if (!payment || !wallet) throw new Error(`invoice ${invoice.uid} has no payment`);
  return { ...payment, invoice: fields, wallet };
}

/** Payments found but matched to no invoice, in order of their transaction. */
export function sampleUnmatchedPayments(): PaymentItem[] {
  return [
    {
      id: 'd4c3b2a1-0000-4000-8000-000000000001',
      amount: '0.00000095',
      hash: 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16',
      transactionDatetime: '2026-10-03 04:12:09',
      invoice: undefined,
      wallet: SAMPLE_WALLETS.btc,
    },
    {
      id: 'd4c3b2a1-0000-4000-8000-000000000002',
      amount: '1234.5',
      hash: '0x9fc76417374aa880d4449a1f7f31ec597f00b1f6f3dd2d66f4c9c6c445836d8b',
      transactionDatetime: '2026-10-17 21:40:00',
      invoice: undefined,
      wallet: SAMPLE_WALLETS.usdt,
    },
    {
      id: 'd4c3b2a1-0000-4000-8000-000000000003',
      amount: '0.05',
      hash: '0x3a1b5c7d9e0f2a4b6c8d0e1f3a5b7c9d1e3f5a7b9c1d3e5f7a9b1c3d5e7f9a1b',
      transactionDatetime: '2026-10-29 13:05:44',
      invoice: undefined,
      wallet: SAMPLE_WALLETS.eth,
    },
  ];
}

/** A candidate invoice of the sample's unmatched payments, its difference worked out by hand. */
function sampleCandidate(
  fields: Pick<
    InvoiceCandidate,
    'id' | 'uid' | 'createDatetime' | 'timeToPayDatetime' | 'status' | 'serviceData'
  > & {
    amountUSD: string;
    differenceUSD: string | null;
    differencePercent: string | null;
    likely?: boolean;
  },
): InvoiceCandidate {
  return {
    ...fields,
    projectId: SAMPLE_PROJECTS.shop,
    amountUSD: new Big(fields.amountUSD),
    differenceUSD: fields.differenceUSD === null ? null : new Big(fields.differenceUSD),
    differencePercent: fields.differencePercent === null ? null : new Big(fields.differencePercent),
    likely: fields.likely ?? false,
    alsoCloseTo: [],
  };
}

/**
 * What the report says of the 3 unmatched payments:
 * - the BTC dust, at 62,000 USD a BTC from 5 BTC payments within 2 hours: 0.0589 → 0.06 USD; its two
 *   candidates are far (−99.9 % and −100 %), so none is likely;
 * - the 1,234.5 USDT, at 1.0004 USD from 12 USDT payments within 40 minutes: 1,234.9938 → 1,234.99 USD;
 *   INV-2026-1107 (1,250.00 USD: −15.01, −1.2 %) is the only candidate within 2 %, so it is likely;
 *   INV-2026-1112 (900.00: +334.99, +37.2 %) is the other;
 * - the 0.05 ETH: no ETH payment was matched within 24 hours, so no estimate; its candidates by time.
 * Estimated in all: 0.06 + 1,234.99 = 1,235.05 USD; 2 estimated, 1 with a likely invoice.
 */
export function sampleUnmatchedFacts(): UnmatchedPaymentFacts[] {
  const [dust, tether, ether] = sampleUnmatchedPayments() as [PaymentItem, PaymentItem, PaymentItem];
  const facts = (payment: PaymentItem) => ({
    id: payment.id,
    transactionDatetime: payment.transactionDatetime,
    amount: payment.amount,
    cryptocurrency: payment.wallet.cryptocurrency,
    walletName: payment.wallet.name,
    walletAddress: payment.wallet.address,
    hash: payment.hash,
  });
  return [
    {
      ...facts(dust),
      estimate: {
        usd: new Big('0.06'),
        rate: new Big('62000'),
        basis: { kind: 'matched-payments', payments: 5, withinSeconds: 6_480 },
      },
      candidates: [
        sampleCandidate({
          id: 'c0ffee00-0000-4000-8000-000000000921',
          uid: 'INV-2026-0921',
          createDatetime: '2026-10-03 03:58:00',
          timeToPayDatetime: '2026-10-03 04:28:00',
          status: 'expired',
          serviceData: 'ORD-50921',
          amountUSD: '45',
          differenceUSD: '-44.94',
          differencePercent: '-99.9',
        }),
        sampleCandidate({
          id: 'c0ffee00-0000-4000-8000-000000000917',
          uid: 'INV-2026-0917',
          createDatetime: '2026-10-03 02:30:00',
          timeToPayDatetime: '2026-10-04 02:30:00',
          status: 'canceled',
          serviceData: null,
          amountUSD: '310',
          differenceUSD: '-309.94',
          differencePercent: '-100',
        }),
      ],
      candidateCount: 2,
      likelyInvoiceId: null,
    },
    {
      ...facts(tether),
      estimate: {
        usd: new Big('1234.99'),
        rate: new Big('1.0004'),
        basis: { kind: 'matched-payments', payments: 12, withinSeconds: 2_400 },
      },
      candidates: [
        sampleCandidate({
          id: 'c0ffee00-0000-4000-8000-000000001107',
          uid: 'INV-2026-1107',
          createDatetime: '2026-10-17 20:15:00',
          timeToPayDatetime: '2026-10-17 21:15:00',
          status: 'expired',
          serviceData: 'ORD-55120',
          amountUSD: '1250',
          differenceUSD: '-15.01',
          differencePercent: '-1.2',
          likely: true,
        }),
        sampleCandidate({
          id: 'c0ffee00-0000-4000-8000-000000001112',
          uid: 'INV-2026-1112',
          createDatetime: '2026-10-17 21:02:00',
          timeToPayDatetime: '2026-10-18 21:02:00',
          status: 'unpaid',
          serviceData: 'ORD-55131',
          amountUSD: '900',
          differenceUSD: '334.99',
          differencePercent: '37.2',
        }),
      ],
      candidateCount: 2,
      likelyInvoiceId: 'c0ffee00-0000-4000-8000-000000001107',
    },
    {
      ...facts(ether),
      estimate: null,
      candidates: [
        sampleCandidate({
          id: 'c0ffee00-0000-4000-8000-000000001180',
          uid: 'INV-2026-1180',
          createDatetime: '2026-10-29 12:50:00',
          timeToPayDatetime: '2026-10-29 13:20:00',
          status: 'expired',
          serviceData: 'ORD-56002',
          amountUSD: '160',
          differenceUSD: null,
          differencePercent: null,
        }),
        sampleCandidate({
          id: 'c0ffee00-0000-4000-8000-000000001175',
          uid: 'INV-2026-1175',
          createDatetime: '2026-10-29 11:40:00',
          timeToPayDatetime: '2026-10-29 12:40:00',
          status: 'canceled',
          serviceData: null,
          amountUSD: '75',
          differenceUSD: null,
          differencePercent: null,
        }),
      ],
      candidateCount: 2,
      likelyInvoiceId: null,
    },
  ];
}

/** The rows of a report file, in memory, built by the report's own builder. */
function sampleRows<T>(builder: RowTableBuilder<T>, records: readonly T[]): RowTable {
  for (const record of records) builder.add(record);
  return builder.build();
}

const usd = (value: string | number) => new Big(value);

/** The whole sample report described at the top of this file. A fresh object on every call. */
export function sampleReport(): Report {
  const paidInvoices = samplePaidInvoices();
  const unmatched = sampleUnmatchedPayments();
  const unmatchedFacts = sampleUnmatchedFacts();

  // Per-day figures follow from PAID_PER_DAY and the parity of k.
  const days: ReportSummary['invoices']['days'] = [];
  const byDay: Record<string, Big> = {};
  for (let day = 1; day <= 31; day++) {
    const date = `2026-10-${pad(day)}`;
    const ofDay = paidInvoices.filter((invoice) => invoice.createDatetime.startsWith(date));
    const total = ofDay.reduce((sum, invoice) => sum.plus(invoice.amountFiatUSD), new Big(0));
    days.push({ date, paid: ofDay.length, paidTotalUSD: total });
    byDay[date] = total;
  }

  const late: LatePayment[] = paidInvoices
    .filter((invoice) => LATE_SECONDS[Number(invoice.uid.slice(-4))] !== undefined)
    .map((invoice) => {
      const payment = paymentOf(invoice);
      const { payment: _payment, wallet: _wallet, ...fields } = invoice;
      return { payment, invoice: fields, secondsLate: LATE_SECONDS[Number(invoice.uid.slice(-4))]! };
    });

  const projectChecks = [
    [SAMPLE_PROJECTS.shop, '41940.5'],
    [SAMPLE_PROJECTS.app, '23966'],
    [SAMPLE_PROJECTS.donations, '5991.5'],
  ] as const;
  const agreeing = (name: string, value: Big | string | number) => ({
    name,
    service: new Big(value),
    computed: new Big(value),
    difference: new Big(0),
    ok: true,
  });

  const summary: ReportSummary = {
    account: 'Acme',
    period: {
      kind: 'month',
      id: '2026-10',
      month: '2026-10',
      timezone: 'Europe/Berlin',
      start: '2026-09-30T22:00:00.000Z',
      end: '2026-10-31T23:00:00.000Z',
      complete: true,
      asOf: '2026-10-31T23:00:00.000Z',
    },
    projectId: null,
    projectNames: SAMPLE_PROJECT_NAMES,
    invoices: {
      total: 150,
      paid: 120,
      byStatus: { unpaid: 10, canceled: 8, paid: 120, expired: 12 },
      paidTotalUSD: usd('71898'),
      commissionTotalUSD: usd('718.8'),
      netReceivedUSD: usd('71179.2'),
      underpaid: { count: 1, differenceUSD: usd('-0.05') },
      overpaid: { count: 1, differenceUSD: usd('0.05') },
      byProject: Object.fromEntries(projectChecks.map(([id, total]) => [id, usd(total)])),
      byCurrency: { EUR: usd('27000'), USD: usd('40524') },
      byDay,
      byMonth: { '2026-10': usd('71898') },
      projects: [
        {
          projectId: SAMPLE_PROJECTS.shop,
          paid: 70,
          paidTotalUSD: usd('41940.5'),
          commissionTotalUSD: usd('419.3'),
          netReceivedUSD: usd('41521.2'),
        },
        {
          projectId: SAMPLE_PROJECTS.app,
          paid: 40,
          paidTotalUSD: usd('23966'),
          commissionTotalUSD: usd('239.6'),
          netReceivedUSD: usd('23726.4'),
        },
        {
          projectId: SAMPLE_PROJECTS.donations,
          paid: 10,
          paidTotalUSD: usd('5991.5'),
          commissionTotalUSD: usd('59.9'),
          netReceivedUSD: usd('5931.6'),
        },
      ],
      currencies: [
        { currency: 'EUR', paid: 60, amount: usd('27000'), paidTotalUSD: usd('31374') },
        { currency: 'USD', paid: 60, amount: usd('40524'), paidTotalUSD: usd('40524') },
      ],
      days,
      months: [{ month: '2026-10', paid: 120, paidTotalUSD: usd('71898') }],
    },
    previousPeriod: {
      kind: 'month',
      id: '2026-09',
      start: '2026-08-31T22:00:00.000Z',
      end: '2026-09-30T22:00:00.000Z',
      comparison: 'whole-period',
      paid: 104,
      paidTotalUSD: usd('63912.4'),
      change: { paid: 16, paidTotalUSD: usd('7985.6'), paidTotalPercent: usd('12.5') },
    },
    payments: {
      total: 123,
      matched: 120,
      unmatched: 3,
      late: 2,
      unmatchedEstimatedUSD: usd('1235.05'),
      unmatchedEstimated: 2,
      unmatchedWithLikelyInvoice: 1,
      // As summary.json lists them: without the wallets' names and the references.
      unmatchedPayments: unmatchedFacts.map(({ walletName: _n, walletAddress: _a, candidates, ...rest }) => ({
        ...rest,
        candidates: candidates.map(({ serviceData: _s, ...candidate }) => candidate),
      })),
      byCryptocurrency: { BTC: new Big('0.48740795'), ETH: new Big('0.05'), USDT: new Big('41758.5') },
      cryptocurrencies: [
        { cryptocurrency: 'BTC', count: 61, amount: new Big('0.48740795') },
        { cryptocurrency: 'ETH', count: 1, amount: new Big('0.05') },
        { cryptocurrency: 'USDT', count: 61, amount: new Big('41758.5') },
      ],
      wallets: [
        { wallet: SAMPLE_WALLETS.btc, count: 61, amount: new Big('0.48740795') },
        { wallet: SAMPLE_WALLETS.eth, count: 1, amount: new Big('0.05') },
        { wallet: SAMPLE_WALLETS.usdt, count: 61, amount: new Big('41758.5') },
      ],
    },
    // The service lists no paid invoice on the window's days outside October: its figures are the month's.
    reconciliation: {
      ok: true,
      window: { startDate: '2026-09-30', endDate: '2026-11-02' },
      listed: { paid: 120, paidTotalUSD: usd('71898') },
      currencyUnit: 'fiat',
      statistics: { invoicesTotalNum: 150 },
      checks: [
        agreeing('paidCount', 120),
        agreeing('paidTotalUSD', '71898'),
        ...projectChecks.map(([id, total]) => agreeing(`project:${id}`, total)),
        agreeing('currency:EUR', '27000'),
        agreeing('currency:USD', '40524'),
        // The service cuts its days in Berlin too: CEST (+02:00) until 25 Oct, CET (+01:00) after.
        ...days.map((day) => ({
          ...agreeing(`day:${day.date}`, day.paidTotalUSD),
          dayStart: new Date(
            `${day.date}T00:00:00${day.date <= '2026-10-25' ? '+02:00' : '+01:00'}`,
          ).toISOString(),
        })),
      ],
      notChecked: [],
    },
    generatedAt: '2026-11-01T05:00:00.000Z',
    source: { apiUrl: 'https://api.invoicing.example/v2' },
  };

  const payments = [...paidInvoices.map(paymentOf), ...unmatched].sort((a, b) =>
    a.transactionDatetime === b.transactionDatetime
      ? a.id.localeCompare(b.id)
      : a.transactionDatetime.localeCompare(b.transactionDatetime),
  );

  const mispaid = paidInvoices
    .filter((invoice) => RECEIVED_USD[Number(invoice.uid.slice(-4))] !== undefined)
    .map((invoice) => ({ invoice, differenceUSD: usd(invoice.amountFiatUSD).minus(invoice.amountFiat) }));

  return {
    summary,
    firstPaidInvoices: paidInvoices.slice(0, FIRST_PAID_INVOICES_SHOWN),
    unmatchedPayments: unmatched,
    unmatched: unmatchedFacts,
    latePayments: late,
    mispaidInvoices: mispaid,
    paidInvoiceRows: sampleRows(createPaidInvoiceRows(), paidInvoices),
    paymentRows: sampleRows(createPaymentRows(), payments),
  };
}

/**
 * The sample with two differences between the service's statistics and the itemised lists, both of
 * +122.00 USD: the service says 72,020.00 USD in all (the invoices add up to 71,898.00) and 797.40 USD
 * on 14 Oct, where that day's one invoice (k 50, in USD) is 675.40 USD.
 */
export function withReconciliationDifferences(report: Report): Report {
  const differing = (check: ReconciliationCheck, service: string) => {
    const serviceValue = new Big(service);
    return { ...check, service: serviceValue, difference: serviceValue.minus(check.computed), ok: false };
  };
  const checks = report.summary.reconciliation.checks.map((check) => {
    if (check.name === 'paidTotalUSD') return differing(check, '72020');
    if (check.name === 'day:2026-10-14') return differing(check, '797.4');
    return check;
  });
  return {
    ...report,
    summary: { ...report.summary, reconciliation: { ...report.summary.reconciliation, ok: false, checks } },
  };
}

/**
 * A month in which no invoice was created and no payment arrived: November 2026 in UTC, no account
 * name, after an October with 120 paid invoices for 71,898.00 USD (so -100.0 %).
 */
export function sampleEmptyReport(): Report {
  const days: ReportSummary['invoices']['days'] = [];
  for (let day = 1; day <= 30; day++)
    days.push({ date: `2026-11-${pad(day)}`, paid: 0, paidTotalUSD: new Big(0) });
  const zero = (name: string) => ({
    name,
    service: new Big(0),
    computed: new Big(0),
    difference: new Big(0),
    ok: true,
  });
  return {
    summary: {
      account: null,
      period: {
        kind: 'month',
        id: '2026-11',
        month: '2026-11',
        timezone: 'UTC',
        start: '2026-11-01T00:00:00.000Z',
        end: '2026-12-01T00:00:00.000Z',
        complete: true,
        asOf: '2026-12-01T00:00:00.000Z',
      },
      projectId: null,
      projectNames: {},
      invoices: {
        total: 0,
        paid: 0,
        byStatus: { unpaid: 0, canceled: 0, paid: 0, expired: 0 },
        paidTotalUSD: new Big(0),
        commissionTotalUSD: new Big(0),
        netReceivedUSD: new Big(0),
        underpaid: { count: 0, differenceUSD: new Big(0) },
        overpaid: { count: 0, differenceUSD: new Big(0) },
        byProject: {},
        byCurrency: {},
        byDay: Object.fromEntries(days.map((day) => [day.date, new Big(0)])),
        byMonth: { '2026-11': new Big(0) },
        projects: [],
        currencies: [],
        days,
        months: [{ month: '2026-11', paid: 0, paidTotalUSD: new Big(0) }],
      },
      previousPeriod: {
        kind: 'month',
        id: '2026-10',
        start: '2026-10-01T00:00:00.000Z',
        end: '2026-11-01T00:00:00.000Z',
        comparison: 'whole-period',
        paid: 120,
        paidTotalUSD: new Big('71898'),
        change: { paid: -120, paidTotalUSD: new Big('-71898'), paidTotalPercent: new Big('-100') },
      },
      payments: {
        total: 0,
        matched: 0,
        unmatched: 0,
        late: 0,
        unmatchedEstimatedUSD: new Big('0'),
        unmatchedEstimated: 0,
        unmatchedWithLikelyInvoice: 0,
        unmatchedPayments: [],
        byCryptocurrency: {},
        cryptocurrencies: [],
        wallets: [],
      },
      reconciliation: {
        ok: true,
        window: { startDate: '2026-10-31', endDate: '2026-12-02' },
        listed: { paid: 0, paidTotalUSD: new Big(0) },
        currencyUnit: 'fiat',
        statistics: { invoicesTotalNum: 0 },
        checks: [zero('paidCount'), zero('paidTotalUSD')],
        notChecked: [],
      },
      generatedAt: '2026-12-01T06:00:00.000Z',
      source: { apiUrl: 'https://api.invoicing.example/v2' },
    },
    firstPaidInvoices: [],
    unmatchedPayments: [],
    unmatched: [],
    latePayments: [],
    mispaidInvoices: [],
    paidInvoiceRows: sampleRows(createPaidInvoiceRows(), []),
    paymentRows: sampleRows(createPaymentRows(), []),
  };
}

/**
 * The sample as if made on 23 October 2026 at 14:35 in Berlin (12:35 UTC), before the month ended: the
 * period says so (`complete: false`, `asOf`), its days and its one month stop at 23 October, and it is
 * compared with September up to 23 September, 14:35 (12:35 UTC). The other figures stay the sample's:
 * what this changes is how the period is named and drawn.
 */
export function asReportSoFar(report: Report): Report {
  const { summary } = report;
  const days = summary.invoices.days.slice(0, 23);
  return {
    ...report,
    summary: {
      ...summary,
      period: { ...summary.period, complete: false, asOf: '2026-10-23T12:35:00.000Z' },
      invoices: {
        ...summary.invoices,
        days,
        byDay: Object.fromEntries(days.map((day) => [day.date, day.paidTotalUSD])),
        months: [
          { month: '2026-10', paid: summary.invoices.paid, paidTotalUSD: summary.invoices.paidTotalUSD },
        ],
      },
      previousPeriod: {
        ...summary.previousPeriod,
        end: '2026-09-23T12:35:00.000Z',
        comparison: 'same-elapsed-span',
      },
    },
  };
}

/**
 * The sample as the fourth quarter of 2026 in Berlin, complete: October's figures, nothing in November
 * or December, compared with the third quarter (the sample's September figures).
 */
export function asQuarterReport(report: Report): Report {
  const { summary } = report;
  const zero = new Big(0);
  return {
    ...report,
    summary: {
      ...summary,
      period: {
        kind: 'quarter',
        id: '2026-Q4',
        timezone: 'Europe/Berlin',
        start: '2026-09-30T22:00:00.000Z',
        end: '2026-12-31T23:00:00.000Z',
        complete: true,
        asOf: '2026-12-31T23:00:00.000Z',
      },
      invoices: {
        ...summary.invoices,
        byMonth: { '2026-10': summary.invoices.paidTotalUSD, '2026-11': zero, '2026-12': zero },
        months: [
          { month: '2026-10', paid: summary.invoices.paid, paidTotalUSD: summary.invoices.paidTotalUSD },
          { month: '2026-11', paid: 0, paidTotalUSD: zero },
          { month: '2026-12', paid: 0, paidTotalUSD: zero },
        ],
      },
      previousPeriod: {
        ...summary.previousPeriod,
        kind: 'quarter',
        id: '2026-Q3',
        start: '2026-06-30T22:00:00.000Z',
        end: '2026-09-30T22:00:00.000Z',
      },
    },
  };
}

/**
 * The sample as a report limited to the web shop project: the service's 3 unmatched payments cannot be
 * attributed to a project, so they are left out (`payments.unmatched` is 0) and the summary says so
 * (`projectFilterNote`). The other figures stay the sample's: what this changes is what the report says
 * about the payments it leaves out.
 */
export function asOneProjectReport(report: Report): Report {
  const { summary } = report;
  return {
    ...report,
    unmatchedPayments: [],
    unmatched: [],
    summary: {
      ...summary,
      projectId: SAMPLE_PROJECTS.shop,
      payments: {
        ...summary.payments,
        total: 120,
        unmatched: 0,
        unmatchedEstimatedUSD: new Big('0'),
        unmatchedEstimated: 0,
        unmatchedWithLikelyInvoice: 0,
        unmatchedPayments: [],
        projectFilterNote:
          'Payments not matched to an invoice cannot be attributed to a project and are left out (3 in this period).',
      },
    },
  };
}
