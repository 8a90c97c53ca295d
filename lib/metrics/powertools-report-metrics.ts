import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import {
  type EmailOutcome,
  METRIC_NAMES,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  type ReportBuilt,
  type ReportMetrics,
  statusClass,
} from './report-metrics';

const EMAIL_METRIC: Readonly<Record<EmailOutcome, string>> = {
  sent: METRIC_NAMES.emailsSent,
  alreadySent: METRIC_NAMES.emailsAlreadySent,
  unconfirmed: METRIC_NAMES.emailsUnconfirmed,
};

/**
 * `ReportMetrics` through Powertools Metrics: each event is one EMF line on stdout, published at once
 * (a run cut off by its timeout still counted what it did). Counts that alarms watch carry the `service`
 * dimension only, since an alarm reads one fixed set of dimensions; the builds carry `kind` and `trigger`
 * too, for the dashboard. `POWERTOOLS_METRICS_DISABLED=true` turns it off.
 */
export function powertoolsReportMetrics(
  metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE }),
): ReportMetrics {
  return {
    reportBuilt(report: ReportBuilt) {
      metrics.addDimension('kind', report.kind);
      metrics.addDimension('trigger', report.trigger);
      metrics.addMetric(METRIC_NAMES.reportsBuilt, MetricUnit.Count, 1);
      metrics.addMetric(METRIC_NAMES.buildSeconds, MetricUnit.Seconds, report.seconds);
      metrics.publishStoredMetrics();
      // Metadata: which report a difference belongs to, found by searching the logs, at no metric's cost.
      metrics.addMetadata('account', report.account);
      metrics.addMetadata('period', report.period);
      metrics.addMetric(METRIC_NAMES.recordsFetched, MetricUnit.Count, report.records);
      metrics.addMetric(
        METRIC_NAMES.reconciliationDifferences,
        MetricUnit.Count,
        report.reconciliationDifferences,
      );
      metrics.publishStoredMetrics();
    },
    email(outcome: EmailOutcome) {
      metrics.addMetric(EMAIL_METRIC[outcome], MetricUnit.Count, 1);
      metrics.publishStoredMetrics();
    },
    apiAnswer(status: number) {
      metrics.addDimension('statusClass', statusClass(status));
      metrics.addMetric(METRIC_NAMES.apiAnswers, MetricUnit.Count, 1);
      metrics.publishStoredMetrics();
    },
  };
}
