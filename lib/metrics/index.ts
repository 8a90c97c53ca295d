export {
  type EmailOutcome,
  METRIC_NAMES,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  powertoolsReportMetrics,
  REPORT_TRIGGERS,
  type ReportBuilt,
  type ReportMetrics,
  type ReportTrigger,
  type StatusClass,
  statusClass,
} from './report-metrics';
