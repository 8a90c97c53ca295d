import type { Report } from '../../../../lib/report/model';
import { sampleReport } from '../../../support/sample-report';

/** Text that would run, break out of an attribute or start a formula if it were not escaped. */
export const HOSTILE = {
  account: `<script>alert("x")</script> & Co's 🧾`,
  description: `=HYPERLINK("javascript:alert(1)")\n<b>bold</b> & "quoted" 🧾`,
  serviceData: '=1+1',
  uid: `"><script>alert(2)</script>`,
  projectId: `"><svg onload=alert(3)>`,
  projectName: `<script>alert(6)</script> "Shop"`,
  walletName: '<img src=x onerror=alert(4)>',
  walletAddress: `" onmouseover="alert(5)`,
  cryptocurrency: '<BTC>',
  currency: '<EU>',
  hash: '<i>hash</i>',
} as const;

/**
 * The sample report with hostile text in every place the service's data reaches the page: the
 * account name, a paid invoice (description, reference, uid, project, and the project's configured
 * name), a wallet, a cryptocurrency, a currency, an unmatched payment's hash and a reconciliation
 * check's name.
 */
export function hostileReport(): Report {
  const report = sampleReport();
  const { summary } = report;
  summary.account = HOSTILE.account;

  const invoice = report.firstPaidInvoices[0]!;
  invoice.description = HOSTILE.description;
  invoice.serviceData = HOSTILE.serviceData;
  invoice.uid = HOSTILE.uid;
  invoice.projectId = HOSTILE.projectId;

  const wallet = {
    ...summary.payments.wallets[0]!.wallet,
    name: HOSTILE.walletName,
    address: HOSTILE.walletAddress,
  };
  summary.payments.wallets[0] = { ...summary.payments.wallets[0]!, wallet };
  summary.payments.cryptocurrencies[0] = {
    ...summary.payments.cryptocurrencies[0]!,
    cryptocurrency: HOSTILE.cryptocurrency,
  };
  summary.invoices.currencies[0] = { ...summary.invoices.currencies[0]!, currency: HOSTILE.currency };
  summary.invoices.projects[0] = { ...summary.invoices.projects[0]!, projectId: HOSTILE.projectId };
  summary.projectNames = { ...summary.projectNames, [HOSTILE.projectId]: HOSTILE.projectName };

  const unmatched = report.unmatchedPayments[0]!;
  report.unmatchedPayments[0] = { ...unmatched, hash: HOSTILE.hash, wallet };
  report.unmatched[0] = {
    ...report.unmatched[0]!,
    hash: HOSTILE.hash,
    walletName: wallet.name,
    walletAddress: wallet.address,
    cryptocurrency: wallet.cryptocurrency,
  };

  const checks = summary.reconciliation.checks;
  const projectCheck = checks.findIndex((check) => check.name.startsWith('project:'));
  checks[projectCheck] = { ...checks[projectCheck]!, name: `project:${HOSTILE.projectId}`, ok: false };
  summary.reconciliation.ok = false;
  return report;
}

/** The `<body>` of a page: the style sheet in the head would match some searches by itself. */
export function bodyOf(html: string): string {
  const start = html.indexOf('<body');
  if (start === -1) throw new Error('no <body> in the page');
  return html.slice(start);
}

/** How often a piece of text occurs. */
export function occurrences(text: string, piece: string): number {
  return text.split(piece).length - 1;
}
