import Big from 'big.js';
import { stringify } from 'lossless-json';
import type { ReportSummary } from './model';

/** lossless-json writes a `Big` as a number token with every digit; Node 20 has no `JSON.rawJSON`. */
const BIG_AS_NUMBER = [
  { test: (value: unknown) => value instanceof Big, stringify: (value: unknown) => (value as Big).toFixed() },
];

/**
 * `summary.json`: the summary pretty-printed with two spaces, every `Big` a plain JSON number with every
 * digit (`0.00000095`, never `9.5e-7`), ending in a newline.
 */
export function summaryToJson(summary: ReportSummary): string {
  return `${stringify(summary, undefined, 2, BIG_AS_NUMBER)}\n`;
}
