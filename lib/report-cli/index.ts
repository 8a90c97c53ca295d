export {
  type ApiKeyOrigin,
  describeFailure,
  type ExitCode,
  exitCodeFor,
  type FailureContext,
} from './describe-failure';
export { parseReportCliArgs, type ReportCliCommand, type ReportCliOptions } from './parse-args';
export {
  createProgressLine,
  type ProgressLine,
  type ProgressLineOptions,
  type ProgressOutput,
} from './progress-line';
export { type ReportCliIo, runReportCli } from './run-report-cli';
