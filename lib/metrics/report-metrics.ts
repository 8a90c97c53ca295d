import type { PeriodKind } from '../period';

/** The CloudWatch namespace of the project's own metrics (the stack's dashboard and alarms read it). */
export const METRICS_NAMESPACE = 'InvoiceReports';

/** The `service` dimension every metric carries: Powertools' `POWERTOOLS_SERVICE_NAME`, as the stack sets it. */
export const METRICS_SERVICE = 'invoice-reports';

/** The metrics the functions publish, by name; the stack's dashboard and alarms name the same ones. */
export const METRIC_NAMES = {
  /** A report built and saved (dimensions `kind`, `trigger`). */
  reportsBuilt: 'ReportsBuilt',
  /** Seconds from asking the service to the report saved (dimensions `kind`, `trigger`). */
  buildSeconds: 'ReportBuildSeconds',
  /** Records fetched from the invoicing service for one report: invoices, payments, the previous period's. */
  recordsFetched: 'RecordsFetched',
  /** Reconciliation checks of one report on which the statistics and the lists differ. */
  reconciliationDifferences: 'ReconciliationDifferences',
  /** A period's email accepted by SES. */
  emailsSent: 'EmailsSent',
  /** A run that found the period's email already sent, and sent nothing. */
  emailsAlreadySent: 'EmailsAlreadySent',
  /** A period's email that SES may have sent without the run knowing (the delivery alarm's subject). */
  emailsUnconfirmed: 'EmailsUnconfirmed',
  /** An answer of the report API (dimension `statusClass`: `2xx`, `3xx`, `4xx`, `5xx`). */
  apiAnswers: 'ReportApiAnswers',
} as const;

/** What started a report's build: a schedule, an operator's run of the scheduled function, or a request to the report API. */
export type ReportTrigger = 'schedule' | 'operator' | 'api';

export const REPORT_TRIGGERS: readonly ReportTrigger[] = ['schedule', 'operator', 'api'];

/** The class of an HTTP status the report API answered with. */
export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';

/** One report built and saved. */
export interface ReportBuilt {
  /** The account's name and the period: metadata of the line, searchable in the logs, not dimensions. */
  account: string;
  period: string;
  kind: PeriodKind;
  trigger: ReportTrigger;
  seconds: number;
  records: number;
  reconciliationDifferences: number;
}

/** What an email delivery came to. */
export type EmailOutcome = 'sent' | 'alreadySent' | 'unconfirmed';

/**
 * Where the code tells what merchants feel, as it happens. On Lambda, Powertools Metrics writes each as
 * an EMF line that CloudWatch turns into metrics (`powertoolsReportMetrics`); the local stack and tests
 * leave it out (`NO_METRICS`) or record calls.
 */
export interface ReportMetrics {
  reportBuilt(report: ReportBuilt): void;
  email(outcome: EmailOutcome): void;
  apiAnswer(status: number): void;
}

/** Metrics that go nowhere: the default wherever no sink is given. */
export const NO_METRICS: ReportMetrics = {
  reportBuilt: () => {},
  email: () => {},
  apiAnswer: () => {},
};

/** `2xx` for 200, `4xx` for 404: the class of an HTTP status. */
export function statusClass(status: number): StatusClass {
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  if (status >= 300) return '3xx';
  return '2xx';
}
