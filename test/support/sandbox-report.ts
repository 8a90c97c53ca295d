import { createInvoicingClient } from '../../lib/invoicing';
import { buildReport, type Report } from '../../lib/report';
import { sandboxProjectNames, startSandbox } from '../../lib/sandbox';

/** The moment the sandbox report is made at: mid-November 2026, so October is complete. */
export const SANDBOX_REPORT_NOW = new Date('2026-11-15T12:00:00Z');

/**
 * A realistic month: October 2026 in Europe/Berlin, built through the real client from the seeded
 * sandbox over loopback. It holds what the service really sends: several projects, fiat currencies
 * and cryptocurrencies, yen without decimals, crypto amounts with every digit, dust, unmatched and
 * late payments, under- and over-paid invoices in USD, and the sandbox's awkward texts (multi-line,
 * emoji, markup, formulas, long words). Its projects are named as the local stack's demo account names them.
 */
export async function sandboxReport(): Promise<Report> {
  const sandbox = await startSandbox({ port: 0, seed: 5, now: SANDBOX_REPORT_NOW });
  try {
    const client = createInvoicingClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    return await buildReport(
      client,
      { period: '2026-10', timezone: 'Europe/Berlin', projectNames: sandboxProjectNames(5) },
      { apiUrl: sandbox.url, now: SANDBOX_REPORT_NOW },
    );
  } finally {
    await sandbox.close();
  }
}
