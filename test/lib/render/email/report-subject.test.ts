import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { reportSubject } from '../../../../lib/render/email';
import {
  asQuarterReport,
  asReportSoFar,
  sampleEmptyReport,
  sampleReport,
  withReconciliationDifferences,
} from '../../../support/sample-report';

describe('reportSubject', () => {
  it('gives account, month, paid total and paid count at a glance', () => {
    expect(reportSubject(sampleReport().summary)).toBe(
      'Acme · October 2026 · 71,898.00 USD from 120 paid invoices',
    );
  });

  it('groups large figures', () => {
    const { summary } = sampleReport();
    summary.invoices.paid = 1234;
    summary.invoices.paidTotalUSD = new Big('81119.92');
    expect(reportSubject(summary)).toBe('Acme · October 2026 · 81,119.92 USD from 1,234 paid invoices');
  });

  it('speaks of one paid invoice in the singular', () => {
    const { summary } = sampleReport();
    summary.invoices.paid = 1;
    summary.invoices.paidTotalUSD = new Big('675.4');
    expect(reportSubject(summary)).toBe('Acme · October 2026 · 675.40 USD from 1 paid invoice');
  });

  it('starts with "Invoice report" without an account name and says when nothing was paid', () => {
    expect(reportSubject(sampleEmptyReport().summary)).toBe(
      'Invoice report · November 2026 · no paid invoices',
    );
  });

  it('names the project a report is limited to, with its short id', () => {
    const { summary } = sampleReport();
    summary.projectId = 'b71d04aa-2c3e-4f5a-8b6c-7d8e9f0a1b2c';
    expect(reportSubject(summary)).toBe(
      'Acme · October 2026 · project Mobile app (b71d04aa) · 71,898.00 USD from 120 paid invoices',
    );
  });

  it('names a project without a name by its short id', () => {
    const { summary } = sampleReport();
    summary.projectId = 'e0c5f6b2-9a8b-4c7d-8e6f-5a4b3c2d1e0f';
    expect(reportSubject(summary)).toBe(
      'Acme · October 2026 · project e0c5f6b2 · 71,898.00 USD from 120 paid invoices',
    );
  });

  it('says when the figures differ from the service statistics', () => {
    expect(reportSubject(withReconciliationDifferences(sampleReport()).summary)).toBe(
      'Acme · October 2026 · 71,898.00 USD from 120 paid invoices · figures differ',
    );
  });

  it('keeps to one line whatever the account name holds', () => {
    const { summary } = sampleReport();
    summary.account = '  Acme\r\nBcc: someone@example.com\t ';
    expect(reportSubject(summary)).toBe(
      'Acme Bcc: someone@example.com · October 2026 · 71,898.00 USD from 120 paid invoices',
    );
  });

  it('shortens a very long account name to 40 characters so the figures stay in view', () => {
    const { summary } = sampleReport();
    summary.account = 'The Very Long Name Of A Merchant Account Incorporated';
    expect(reportSubject(summary)).toBe(
      'The Very Long Name Of A Merchant Accoun… · October 2026 · 71,898.00 USD from 120 paid invoices',
    );
  });

  it('shortens a very long project name to 40 characters as it does an account name', () => {
    const { summary } = sampleReport();
    summary.projectId = 'b71d04aa-2c3e-4f5a-8b6c-7d8e9f0a1b2c';
    summary.projectNames = { [summary.projectId]: 'The Mobile App For Our Very Large Store In Berlin' };
    expect(reportSubject(summary)).toBe(
      'Acme · October 2026 · project The Mobile App For Our Very Large Store… (b71d04aa) · 71,898.00 USD from 120 paid invoices',
    );
  });

  it('sets an account named in Arabic apart, so the period and the figures keep their order', () => {
    const { summary } = sampleReport();
    summary.account = 'متجر الرياض';
    // U+2068 FIRST STRONG ISOLATE before the name, U+2069 POP DIRECTIONAL ISOLATE after it.
    expect(reportSubject(summary)).toBe(
      '\u2068متجر الرياض\u2069 · October 2026 · 71,898.00 USD from 120 paid invoices',
    );
  });

  it('sets a project named in Arabic apart from its short id and the figures', () => {
    const { summary } = sampleReport();
    summary.projectId = 'b71d04aa-2c3e-4f5a-8b6c-7d8e9f0a1b2c';
    summary.projectNames = { [summary.projectId]: ' تطبيق 2 ' };
    expect(reportSubject(summary)).toBe(
      'Acme · October 2026 · project \u2068تطبيق 2\u2069 (b71d04aa) · 71,898.00 USD from 120 paid invoices',
    );
  });

  it('says that a month not ended is so far, and up to which instant', () => {
    expect(reportSubject(asReportSoFar(sampleReport()).summary)).toBe(
      'Acme · October 2026 so far, as of 23 Oct 2026, 14:35 (Europe/Berlin) · 71,898.00 USD from 120 paid invoices',
    );
  });

  it('names a quarter', () => {
    expect(reportSubject(asQuarterReport(sampleReport()).summary)).toBe(
      'Acme · Q4 2026 · 71,898.00 USD from 120 paid invoices',
    );
  });
});
