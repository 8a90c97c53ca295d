import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import type {
  Reconciliation,
  ReconciliationCheck,
  ReportSummary,
  UncheckedCheck,
} from '../../../lib/report/model';
import {
  currencyCheckUnit,
  describeCheck,
  reconciliationOutcome,
  uncheckedLabel,
} from '../../../lib/report/reconciliation-wording';
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

const check = (name: string, service: string, computed: string): ReconciliationCheck => ({
  name,
  service: new Big(service),
  computed: new Big(computed),
  difference: new Big(service).minus(computed),
  ok: new Big(service).minus(computed).abs().lte('0.01'),
});

describe('describeCheck', () => {
  it('words the paid count as a count', () => {
    expect(describeCheck(check('paidCount', '1234', '1236'))).toEqual({
      label: 'Paid invoices',
      service: '1,234',
      computed: '1,236',
      difference: '-2',
    });
  });

  it('words the paid total in USD', () => {
    expect(describeCheck(check('paidTotalUSD', '72020', '71898'))).toEqual({
      label: 'Paid total',
      service: '72,020.00 USD',
      computed: '71,898.00 USD',
      difference: '+122.00\u00a0USD',
    });
  });

  it('names a project by its short id and keeps the full id', () => {
    expect(describeCheck(check('project:3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c', '10', '10'))).toEqual({
      label: 'Project 3f2a9c1e',
      fullId: '3f2a9c1e-5b7d-4e21-9a0c-6d8e1f2a3b4c',
      service: '10.00 USD',
      computed: '10.00 USD',
      difference: '0.00\u00a0USD',
    });
  });

  it('words a currency check in that currency', () => {
    expect(describeCheck(check('currency:JPY', '12000', '11500'))).toEqual({
      label: 'Paid in JPY',
      service: '12,000 JPY',
      computed: '11,500 JPY',
      difference: '+500\u00a0JPY',
    });
  });

  it('words a currency check in USD when the service totals currencies in USD', () => {
    expect(describeCheck(check('currency:EUR', '31374', '31374'), 'usd')).toEqual({
      label: 'Paid in EUR (in USD)',
      service: '31,374.00 USD',
      computed: '31,374.00 USD',
      difference: '0.00\u00a0USD',
    });
  });

  it("names a day with where the service's day begins", () => {
    const day = (dayStart: string | null) => ({ ...check('day:2026-10-14', '797.4', '675.4'), dayStart });
    expect(describeCheck(day('2026-10-13T21:00:00.000Z')).label).toBe(
      '14 Oct 2026 (service day from 21:00 UTC on 13 Oct)',
    );
    expect(describeCheck(day('2026-10-14T10:00:00.000Z')).label).toBe(
      '14 Oct 2026 (service day from 10:00 UTC)',
    );
    expect(describeCheck(day(null)).label).toBe("14 Oct 2026 (a day the service's figures leave out)");
  });

  it('shows a check it does not know by its name, in USD', () => {
    expect(describeCheck(check('commission', '1', '1.5'))).toEqual({
      label: 'commission',
      service: '1.00 USD',
      computed: '1.50 USD',
      difference: '-0.50\u00a0USD',
    });
  });
});

describe('currencyCheckUnit', () => {
  const base: Reconciliation = {
    ok: true,
    window: { startDate: '2026-09-30', endDate: '2026-11-02' },
    listed: { paid: 0, paidTotalUSD: new Big(0) },
    checks: [],
    notChecked: [],
    currencyUnit: null,
    statistics: { invoicesTotalNum: 0 },
  };

  it('reads the unit the reconciliation found', () => {
    expect(currencyCheckUnit({ ...base, currencyUnit: 'usd' })).toBe('usd');
    expect(currencyCheckUnit({ ...base, currencyUnit: 'fiat' })).toBe('fiat');
  });

  it("takes each currency's own amounts when the reconciliation does not say", () => {
    expect(currencyCheckUnit(base)).toBe('fiat');
    expect(currencyCheckUnit({ ...base, currencyUnit: null } as Reconciliation)).toBe('fiat');
  });
});

describe('uncheckedLabel', () => {
  it('names a group of checks not made, or one check as it would be named', () => {
    expect(uncheckedLabel('currency:*')).toBe('Per currency');
    expect(uncheckedLabel('day:*')).toBe('Per day');
    expect(uncheckedLabel('paidCount')).toBe('Paid invoices');
    expect(uncheckedLabel('day:2026-11-01')).toBe('1 Nov 2026 (service day)');
  });
});
