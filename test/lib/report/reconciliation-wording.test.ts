import { describe, expect, it } from 'vitest';
import type { ReportSummary, UncheckedCheck } from '../../../lib/report/model';
import { reconciliationOutcome } from '../../../lib/report/reconciliation-wording';
import { SAMPLE_PROJECTS, sampleReport, withReconciliationDifferences } from '../../support/sample-report';

/** A day whose end the service's figures leave open (the reason is the panel's, not the sentence's). */
const openDay = (date: string): UncheckedCheck => ({
  name: `day:${date}`,
  reason: 'Its end is not established.',
});

/** The sample (38 checks, all agreeing, over 30 Sep – 2 Nov 2026) with these checks not made. */
function withNotChecked(summary: ReportSummary, notChecked: UncheckedCheck[]): ReportSummary {
  return { ...summary, reconciliation: { ...summary.reconciliation, notChecked } };
}

const AGREE =
  "The service's statistics for the dates 30 Sep 2026 – 2 Nov 2026 agree with the invoices it lists for those dates";

describe('reconciliationOutcome', () => {
  it('counts the checks that agree when every check was made', () => {
    expect(reconciliationOutcome(sampleReport().summary)).toBe(`${AGREE} (38 checks).`);
  });

  it('counts a check not made as one more beside those that agree, naming its day', () => {
    const summary = withNotChecked(sampleReport().summary, [openDay('2026-11-01')]);
    expect(reconciliationOutcome(summary)).toBe(
      `${AGREE} (38 checks agree; 1 more, for 1 Nov 2026, could not be made exactly).`,
    );
  });

  it('names up to three days not checked, and counts more than that', () => {
    const { summary } = sampleReport();
    const two = withNotChecked(summary, [openDay('2026-10-31'), openDay('2026-11-01')]);
    const four = withNotChecked(
      summary,
      ['2026-09-30', '2026-10-25', '2026-10-31', '2026-11-01'].map(openDay),
    );
    expect(reconciliationOutcome(two)).toBe(
      `${AGREE} (38 checks agree; 2 more, for 31 Oct 2026 and 1 Nov 2026, could not be made exactly).`,
    );
    expect(reconciliationOutcome(four)).toBe(`${AGREE} (38 checks agree; 4 more could not be made exactly).`);
  });

  it("says a project's one check agrees and counts the others not made, without naming them", () => {
    const { summary } = sampleReport();
    const reason = 'The statistics cover every project, and the invoices were listed for this project only.';
    const project: ReportSummary = {
      ...summary,
      projectId: SAMPLE_PROJECTS.app,
      reconciliation: {
        ...summary.reconciliation,
        checks: summary.reconciliation.checks.filter(
          (check) => check.name === `project:${SAMPLE_PROJECTS.app}`,
        ),
        notChecked: ['paidCount', 'paidTotalUSD', 'currency:*', 'day:*'].map((name) => ({ name, reason })),
      },
    };
    expect(reconciliationOutcome(project)).toBe(
      "The service's statistics for the dates 30 Sep 2026 – 2 Nov 2026 agree with the invoices of project Mobile app (b71d04aa) it lists for those dates (1 check agrees; 4 more could not be made exactly).",
    );
  });

  it('counts checks not made apart from those that differ', () => {
    const { summary } = withReconciliationDifferences(sampleReport());
    expect(reconciliationOutcome(withNotChecked(summary, [openDay('2026-11-01')]))).toBe(
      "2 of 38 checks differ by more than 0.01 between the service's statistics for the dates 30 Sep 2026 – 2 Nov 2026 and the invoices it lists for those dates; 1 more, for 1 Nov 2026, could not be made exactly.",
    );
    expect(reconciliationOutcome(summary)).toBe(
      "2 of 38 checks differ by more than 0.01 between the service's statistics for the dates 30 Sep 2026 – 2 Nov 2026 and the invoices it lists for those dates.",
    );
  });

  it('says that one check differs', () => {
    const { summary } = withReconciliationDifferences(sampleReport());
    // Of the two checks that differ, only the first still does.
    const first = summary.reconciliation.checks.findIndex((check) => !check.ok);
    const checks = summary.reconciliation.checks.map((check, index) =>
      index === first || check.ok ? check : { ...check, ok: true },
    );
    expect(reconciliationOutcome({ ...summary, reconciliation: { ...summary.reconciliation, checks } })).toBe(
      "1 of 38 checks differs by more than 0.01 between the service's statistics for the dates 30 Sep 2026 – 2 Nov 2026 and the invoices it lists for those dates.",
    );
  });
});
