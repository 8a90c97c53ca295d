export { powertoolsReportMetrics } from './powertools-report-metrics';
export {
  type EmailOutcome,
  METRIC_NAMES,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  NO_METRICS,
  REPORT_TRIGGERS,
  type ReportBuilt,
  type ReportMetrics,
  type ReportTrigger,
  type StatusClass,
  statusClass,
} from './report-metrics';
