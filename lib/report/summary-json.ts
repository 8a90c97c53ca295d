import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import type { ReportSummary } from './model';

/**
 * `summary.json`: the summary pretty-printed with two spaces, every `Big` a plain JSON number with every
 * digit (`0.00000095`, never `9.5e-7`), ending in a newline. Node 20 has no `JSON.rawJSON`: each `Big` is
 * written as a string behind a marker no text from the service can guess, then unquoted.
 */
export function summaryToJson(summary: ReportSummary): string {
  const marker = `big-${randomUUID()}:`;
  const json = JSON.stringify(
    summary,
    function (this: Record<string, unknown>, key, value) {
      const raw = this[key];
      return raw instanceof Big ? `${marker}${raw.toFixed()}` : value;
    },
    2,
  );
  return `${json.replace(new RegExp(`"${marker}([-0-9.]+)"`, 'g'), '$1')}\n`;
}
