import { describeError } from '../config';
import type { ReportApiLogger } from '../report-api';

function describeValue(value: unknown): string {
  if (value instanceof Error) return describeError(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/** `message (key value, key value)`, one line. */
function logLine(message: string, attributes: Record<string, unknown>): string {
  const parts = Object.entries(attributes)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key} ${describeValue(value)}`);
  return parts.length === 0 ? `report API: ${message}` : `report API: ${message} (${parts.join(', ')})`;
}

/**
 * The report API's log as one readable line per entry, for a terminal: on Lambda it writes JSON lines
 * (Powertools), which would drown the start block locally. The API logs what it built and what failed
 * on its side; its attributes carry names, paths and error messages, never a secret.
 * @example reportApiLogLines(console.error).info('report built', { account: 'demo', period: '2026-09' })
 * // report API: report built (account demo, period 2026-09)
 */
export function reportApiLogLines(write: (line: string) => void): ReportApiLogger {
  return {
    info: (message, attributes) => write(logLine(message, attributes)),
    error: (message, attributes) => write(logLine(message, attributes)),
  };
}
