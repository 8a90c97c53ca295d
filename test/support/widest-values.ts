import Big from 'big.js';
import type { Report } from '../../lib/report';

/** 18 decimals (a token amount to the wei) after a nine-digit integer part: the widest a figure gets. */
export const LONG_AMOUNT = '123456789.123456789012345678';

/** The longest project name the configuration takes (60 characters), one word with no space to wrap at. */
export const LONG_PROJECT_NAME = 'Kundenbindungsprogrammverwaltungsabteilungsunterstützungszen';

/**
 * An account name near the longest the configuration takes (99 of 100 characters), led by a word of 65
 * letters with no space to wrap at.
 */
export const LONG_ACCOUNT_NAME =
  'Kundenbindungsprogrammverwaltungsabteilungsunterstützungszentrale Österreich GmbH & Co. KG, Linz 12';

/** A paid total of 13 integer digits, the widest headline figure. */
export const LONG_PAID_TOTAL = '9876543210987.65';

/** A month's amount in one fiat currency of 13 integer digits, the widest figure of the currency breakdown. */
export const LONG_FIAT_AMOUNT = '1234567890123.45';

/**
 * A report with the widest values a merchant could meet in each list, for layout tests: a long account
 * name, a headline paid total and net received of 13 integer digits, a month's euros and their USD
 * value of 13 integer digits, a crypto amount to the wei wherever one is shown, a long wallet name and
 * one named by its address, a long invoice uid, the longest project name without a space, a difference
 * of a billion USD, and a reference and a description with no space to wrap at. Changes the report it
 * is given and returns it.
 */
export function withWidestValues(report: Report): Report {
  const { summary } = report;
  summary.account = LONG_ACCOUNT_NAME;
  summary.invoices.paidTotalUSD = new Big(LONG_PAID_TOTAL);
  summary.invoices.netReceivedUSD = new Big(LONG_PAID_TOTAL).minus(summary.invoices.commissionTotalUSD);
  const euros = summary.invoices.currencies.findIndex((row) => row.currency === 'EUR');
  if (euros === -1) throw new Error('the widest values need a report with invoices paid in EUR');
  summary.invoices.currencies[euros] = {
    ...summary.invoices.currencies[euros]!,
    amount: new Big(LONG_FIAT_AMOUNT),
    paidTotalUSD: new Big('1432098765432.10'),
  };
  const wallet = { ...summary.payments.wallets[0]!.wallet, name: 'Treasury cold storage, multisig 3 of 5' };
  summary.payments.wallets[0] = { ...summary.payments.wallets[0]!, wallet, amount: new Big(LONG_AMOUNT) };
  // A wallet named by its address, as a merchant may leave it: one word of 42 characters.
  const named = summary.payments.wallets[1]!;
  summary.payments.wallets[1] = { ...named, wallet: { ...named.wallet, name: named.wallet.address } };
  summary.payments.cryptocurrencies[0] = {
    ...summary.payments.cryptocurrencies[0]!,
    amount: new Big(LONG_AMOUNT),
  };
  summary.invoices.projects[0] = { ...summary.invoices.projects[0]!, paidTotalUSD: new Big('1234567890.12') };
  const project = summary.invoices.projects[0]!.projectId;
  summary.projectNames = { ...summary.projectNames, [project]: LONG_PROJECT_NAME };
  const mispaid = report.mispaidInvoices[0]!;
  report.mispaidInvoices[0] = {
    invoice: {
      ...mispaid.invoice,
      uid: 'INV-202610-000001-REISSUED-AFTER-DISPUTE',
      projectId: project,
      amountFiat: '1234567890.12',
      amountFiatUSD: '12.345678901234',
    },
    differenceUSD: new Big('12.345678901234').minus('1234567890.12'),
  };
  report.unmatchedPayments[0] = { ...report.unmatchedPayments[0]!, amount: LONG_AMOUNT, wallet };
  report.unmatchedPayments[1] = {
    ...report.unmatchedPayments[1]!,
    wallet: summary.payments.wallets[1]!.wallet,
  };
  const late = report.latePayments[0]!;
  report.latePayments[0] = { ...late, payment: { ...late.payment, amount: LONG_AMOUNT } };
  const invoice = report.firstPaidInvoices[0]!;
  report.firstPaidInvoices[0] = {
    ...invoice,
    uid: 'INV-202610-000001-REISSUED-AFTER-DISPUTE',
    serviceData: '{"cart":"A-17","items":3,"note":"gift wrap, ring twice"}',
    description: 'https://shop.example.com/orders/2026/10/0000000000000001?ref=newsletter-october-2026',
    payment: { ...invoice.payment!, amount: LONG_AMOUNT },
  };
  return report;
}
