/**
 * `npm run report -- --month YYYY-MM [options]`: one month's report into `./reports/YYYY-MM/`.
 * Everything happens in `runReportCli`; see `--help` for the options.
 */
import { runReportCli } from '../lib/report-cli';

process.exitCode = await runReportCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
