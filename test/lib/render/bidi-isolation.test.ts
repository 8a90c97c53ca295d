import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { renderReportEmail, renderReportText, reportSubject } from '../../../lib/render/email';
import { renderReportPage } from '../../../lib/render/html';
import { formatCrypto, formatFiat, type Report } from '../../../lib/report';
import { sampleReport } from '../../support/sample-report';
import { WITH_ATTACHMENTS as attached } from './email/sample-email-options';

/** U+202E RIGHT-TO-LEFT OVERRIDE: unisolated, it shows the rest of its line backwards (`10.00` as `00.01`). */
const RLO = '\u202e';
const FSI = '\u2068';
const PDI = '\u2069';

/** The sample with its EUR check named `EUR` + U+202E, and differing by 10.00 (27,010.00 against 27,000.00). */
function withOverriddenCurrency(): Report {
  const report = sampleReport();
  const { reconciliation } = report.summary;
  const checks = reconciliation.checks.map((check) =>
    check.name === 'currency:EUR'
      ? {
          ...check,
          name: `currency:EUR${RLO}`,
          service: new Big('27010'),
          difference: new Big('10'),
          ok: false,
        }
      : check,
  );
  report.summary.reconciliation = { ...reconciliation, ok: false, checks };
  return report;
}

describe('U+202E in a currency code', () => {
  const code = `${FSI}EUR${RLO}${PDI}`;

  it('is set apart in an amount', () => {
    expect(formatFiat(new Big('10'), `EUR${RLO}`)).toBe(`10.00 ${code}`);
    expect(formatCrypto(new Big('0.5'), `BTC${RLO}`)).toBe(`0.5 ${FSI}BTC${RLO}${PDI}`);
  });

  it('is set apart in the reconciliation line of the email’s text', () => {
    expect(renderReportText(withOverriddenCurrency(), attached)).toContain(
      `- Paid in ${code}: service's figure 27,010.00 ${code}, its listed invoices 27,000.00 ${code}, difference +10.00\u00a0${code}\n`,
    );
  });

  it('is set apart in the reconciliation of the page and of the email', () => {
    const report = withOverriddenCurrency();
    for (const html of [renderReportPage(report), renderReportEmail(report, attached)]) {
      expect(html).toContain(`Paid in ${code}`);
      expect(html).toContain(`27,010.00 ${code}`);
      expect(html).not.toContain(`EUR${RLO} `);
    }
  });
});

describe('U+202E in a display name', () => {
  const report = () => {
    const sample = sampleReport();
    sample.summary.account = `Acme${RLO}`;
    return sample;
  };

  it('is set apart in the subject, whose figures keep their order', () => {
    expect(reportSubject(report().summary)).toBe(
      `${FSI}Acme${RLO}${PDI} · October 2026 · 71,898.00 USD from 120 paid invoices`,
    );
  });

  it('is set apart on the first line of the email’s text', () => {
    expect(renderReportText(report(), attached).split('\n')[0]).toBe(
      `${FSI}Acme${RLO}${PDI} · Invoice report · October 2026`,
    );
  });

  it('is in a <bdi> in the page’s header and set apart in its title', () => {
    const page = renderReportPage(report());
    expect(page).toContain(`<p class="eyebrow"><bdi>Acme${RLO}</bdi> · Invoice report</p>`);
    expect(page).toContain(`<title>${FSI}Acme${RLO}${PDI} · Invoice report · October 2026</title>`);
  });
});

describe('U+202E in a project name', () => {
  const SHOP = '3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c';
  const report = () => {
    const sample = sampleReport();
    sample.summary.projectNames = { ...sample.summary.projectNames, [SHOP]: `Web shop${RLO}` };
    return sample;
  };

  it('is set apart in the subject of a report of that project', () => {
    const { summary } = report();
    summary.projectId = SHOP;
    expect(reportSubject(summary)).toBe(
      `Acme · October 2026 · project ${FSI}Web shop${RLO}${PDI} (3f2a9c1e) · 71,898.00 USD from 120 paid invoices`,
    );
  });

  it('is set apart on the coverage line of the email’s text', () => {
    const sample = report();
    sample.summary.projectId = SHOP;
    expect(renderReportText(sample, attached).split('\n')[1]).toBe(
      `1–31 Oct 2026 (Europe/Berlin) · project ${FSI}Web shop${RLO}${PDI} (3f2a9c1e) only`,
    );
  });

  it('is set apart in the page’s reconciliation check and in a <span dir="auto"> beside its id', () => {
    const page = renderReportPage(report());
    expect(page).toContain(`Project ${FSI}Web shop${RLO}${PDI} (3f2a9c1e)`);
    expect(page).toContain(`<span dir="auto">Web shop${RLO}</span>`);
  });
});
