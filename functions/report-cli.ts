/** `npm run report -- --period P [options]`: one period's report into `./reports/P/` (`runReportCli`). */
import { runReportCli } from '../lib/report-cli';

// Ctrl-C stops the report and removes what it wrote; a second one ends the process at once.
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
