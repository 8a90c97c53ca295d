import { isAbsolute, relative, sep } from 'node:path';
import { monthName, parseMonth, periodOfMonth, previousPeriod } from '../period';
import { formatInstant } from '../report';
import type { LocalAccountReport, LocalStack } from './stack';

/** What the printed block shows. */
export type StartBlockFacts = Pick<
  LocalStack,
  'reports' | 'reportApiUrl' | 'reportApiToken' | 'mailViewerUrl' | 'linkLifetimeDays' | 'stateDir'
>;

/** Where the values of the block's labelled lines begin, so that they line up under each other. */
const VALUE_COLUMN = 22;

/** A path as short as it can be said from `cwd`: relative inside it, absolute elsewhere. */
function shortPath(path: string, cwd: string): string {
  const inside = relative(cwd, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return path;
  return inside;
}

function withTrailingSeparator(path: string): string {
  return path.endsWith(sep) ? path : `${path}${sep}`;
}

/** `  Label   value`, the value at `VALUE_COLUMN`. */
function labelled(indent: number, label: string, value: string): string {
  return `${' '.repeat(indent)}${label.padEnd(VALUE_COLUMN - indent)}${value}`;
}

/** An account's month in words: emailed now, emailed before, or failed. */
function monthLine(report: LocalAccountReport): string {
  const month = monthName(report.month);
  if (report.outcome.status === 'failed') return `${month} failed: ${report.outcome.error}`;
  const { delivery } = report.outcome;
  return delivery.status === 'sent'
    ? `${month}, emailed to ${report.recipients.join(', ')}`
    : `${month}, emailed on ${formatInstant(delivery.sentAt, report.timezone)}, not sent again`;
}

function accountLines(report: LocalAccountReport, nameWidth: number, cwd: string): string[] {
  const heading = `  ${`${report.account} (${report.timezone})`.padEnd(nameWidth)}  ${monthLine(report)}`;
  if (report.outcome.status === 'failed') return [heading];
  return [
    heading,
    ...(report.signedReportLink ? [labelled(4, 'Open the report', report.signedReportLink)] : []),
    labelled(4, 'S3', report.s3Location),
    labelled(4, '', `on disk: ${withTrailingSeparator(shortPath(report.s3Folder, cwd))}`),
  ];
}

/**
 * The block `npm start` prints once the stack runs: each local account's month (where its report is,
 * in S3 and on disk, or why it failed), then the report API and how to ask for another month (or a
 * quarter, or a year), where the email is, and how to stop.
 * @example formatStartBlock(stack, { cwd: process.cwd() })
 */
export function formatStartBlock(stack: StartBlockFacts, options: { cwd: string }): string {
  const nameWidth = Math.max(
    ...stack.reports.map((report) => `${report.account} (${report.timezone})`.length),
  );
  const days = stack.linkLifetimeDays === 1 ? '1 day' : `${stack.linkLifetimeDays} days`;
  const [first] = stack.reports;
  const month = first ? parseMonth(first.month) : undefined;
  const otherMonth = month ? previousPeriod(month).id : '';
  const curl = `curl -H 'Authorization: Bearer ${stack.reportApiToken}' ${stack.reportApiUrl}/reports/${first?.account}/${otherMonth}`;
  const stateDir = shortPath(stack.stateDir, options.cwd);
  return [
    '',
    "The local stack is running. Last month's reports, from the monthly fan-out:",
    '',
    ...stack.reports.flatMap((report) => accountLines(report, nameWidth, options.cwd)),
    '',
    `  Report links are signed and valid for ${days}.`,
    labelled(2, 'Report API', `${stack.reportApiUrl}   token: ${stack.reportApiToken}`),
    labelled(2, 'Another month', curl),
    ...(month
      ? [
          labelled(
            2,
            '',
            `(or a quarter, ${periodOfMonth(month, 'quarter').id}, or a year, ${periodOfMonth(month, 'year').id}: one not ended is reported so far)`,
          ),
        ]
      : []),
    labelled(2, 'Mail viewer', stack.mailViewerUrl),
    '',
    `Ctrl-C stops everything. State lives in ${withTrailingSeparator(stateDir)} (rm -rf ${stateDir} starts afresh).`,
    '',
  ].join('\n');
}
