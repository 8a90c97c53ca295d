import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { PeriodKind } from '../period';

/** The namespace and `service` dimension (`POWERTOOLS_SERVICE_NAME`) of the project's own metrics. */
export const METRICS_NAMESPACE = 'InvoiceReports';
export const METRICS_SERVICE = 'invoice-reports';

/** The metrics the functions publish; the stack's dashboard and alarms name the same ones. */
export const METRIC_NAMES = {
  /** With `buildSeconds` (from asking the service to the report saved): dimensions `kind`, `trigger`. */
  reportsBuilt: 'ReportsBuilt',
  buildSeconds: 'ReportBuildSeconds',
  /** Invoices, payments and the previous period's invoices fetched for one report. */
  recordsFetched: 'RecordsFetched',
  /** Reconciliation checks of one report on which the statistics and the lists differ. */
  reconciliationDifferences: 'ReconciliationDifferences',
  emailsSent: 'EmailsSent',
  /** A run that found the period's email already sent, and sent nothing. */
  emailsAlreadySent: 'EmailsAlreadySent',
  /** A period's email that SES may have sent without the run knowing (the delivery alarm's subject). */
  emailsUnconfirmed: 'EmailsUnconfirmed',
  /** Dimension `statusClass`: `2xx`, `3xx`, `4xx`, `5xx`. */
  apiAnswers: 'ReportApiAnswers',
} as const;

/** A schedule, an operator's run of the scheduled function, or a request to the report API. */
export const REPORT_TRIGGERS = ['schedule', 'operator', 'api'] as const;
export type ReportTrigger = (typeof REPORT_TRIGGERS)[number];

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';

/** One report built and saved; account and period are searchable metadata, not dimensions. */
export interface ReportBuilt {
  account: string;
  period: string;
  kind: PeriodKind;
  trigger: ReportTrigger;
  seconds: number;
  records: number;
  reconciliationDifferences: number;
}

const EMAIL_METRIC = {
  sent: METRIC_NAMES.emailsSent,
  alreadySent: METRIC_NAMES.emailsAlreadySent,
  unconfirmed: METRIC_NAMES.emailsUnconfirmed,
} as const;

export type EmailOutcome = keyof typeof EMAIL_METRIC;

/** Where the code tells what merchants feel, as it happens: EMF lines on Lambda, nothing or a recorder elsewhere. */
export interface ReportMetrics {
  reportBuilt(report: ReportBuilt): void;
  email(outcome: EmailOutcome): void;
  apiAnswer(status: number): void;
}

export function statusClass(status: number): StatusClass {
  return status >= 500 ? '5xx' : status >= 400 ? '4xx' : status >= 300 ? '3xx' : '2xx';
}

/**
 * `ReportMetrics` through Powertools Metrics: each event one EMF line, published at once (a run cut off by
 * its timeout still counted what it did). Counts that alarms watch carry the `service` dimension only (an
 * alarm reads one fixed set); builds carry `kind` and `trigger` too, for the dashboard.
 */
export function powertoolsReportMetrics(
  metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE }),
): ReportMetrics {
  const count = (name: string, value = 1) => metrics.addMetric(name, MetricUnit.Count, value);
  return {
    reportBuilt(report) {
      // One dimension set with `service`: `addDimensions` would publish a second set.
      metrics.addDimension('kind', report.kind);
      metrics.addDimension('trigger', report.trigger);
      count(METRIC_NAMES.reportsBuilt);
      metrics.addMetric(METRIC_NAMES.buildSeconds, MetricUnit.Seconds, report.seconds);
      metrics.publishStoredMetrics();
      // Metadata: which report a difference belongs to, found by searching the logs, at no metric's cost.
      metrics.addMetadata('account', report.account);
      metrics.addMetadata('period', report.period);
      count(METRIC_NAMES.recordsFetched, report.records);
      count(METRIC_NAMES.reconciliationDifferences, report.reconciliationDifferences);
      metrics.publishStoredMetrics();
    },
    email(outcome) {
      count(EMAIL_METRIC[outcome]);
      metrics.publishStoredMetrics();
    },
    apiAnswer(status) {
      metrics.addDimension('statusClass', statusClass(status));
      count(METRIC_NAMES.apiAnswers);
      metrics.publishStoredMetrics();
    },
  };
}
