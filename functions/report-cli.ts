/**
 * `npm run report -- --period P [options]`: one period's report (a month `YYYY-MM`, a quarter `YYYY-Qn` or a
 * year `YYYY`) into `./reports/P/`.
 * Everything happens in `runReportCli`; see `--help` for the options.
 */
import { runReportCli } from '../lib/report-cli';

// Ctrl-C (or a signal to end) stops the report and removes what it had written so far; a second one
// ends the process at once, as without this handler.
const interrupt = new AbortController();
const stop = () => interrupt.abort();
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

const code = await runReportCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  interrupt: interrupt.signal,
});
process.off('SIGINT', stop);
process.off('SIGTERM', stop);
// Interrupted, requests still in flight would hold the process open until they are answered.
if (interrupt.signal.aborted) process.exit(code);
process.exitCode = code;
