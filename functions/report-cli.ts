/**
 * `npm run report -- --period P [options]`: one period's report (a month `YYYY-MM`, a quarter `YYYY-Qn` or a
 * year `YYYY`) into `./reports/P/`.
 * Everything happens in `runReportCli`; see `--help` for the options.
 */
import { runReportCli } from '../lib/report-cli';

process.exitCode = await runReportCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
