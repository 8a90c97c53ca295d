export { type ReportCliIo, runReportCli } from './run-report-cli';
