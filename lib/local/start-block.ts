import { isAbsolute, relative, sep } from 'node:path';
import { monthName, parseMonth, periodOfMonth, previousPeriod } from '../period';
import { formatInstant } from '../report';
import type { LocalAccountReport, LocalStack } from './stack';

export type StartBlockFacts = Pick<
  LocalStack,
  'reports' | 'reportApiUrl' | 'reportApiToken' | 'mailViewerUrl' | 'linkLifetimeDays' | 'stateDir'
>;

/** A path as short as it can be said from `cwd`: relative inside it, absolute elsewhere. */
function shortPath(path: string, cwd: string): string {
  const inside = relative(cwd, path);
  return inside === '' || inside.startsWith('..') || isAbsolute(inside) ? path : inside;
}

const asFolder = (path: string) => (path.endsWith(sep) ? path : `${path}${sep}`);

/** `  Label   value`, the values lined up at column 22. */
const labelled = (indent: number, label: string, value: string) =>
  `${' '.repeat(indent)}${label.padEnd(22 - indent)}${value}`;

function accountLines(report: LocalAccountReport, nameWidth: number, cwd: string): string[] {
  const month = monthName(report.month);
  const name = `  ${`${report.account} (${report.timezone})`.padEnd(nameWidth)}  `;
  if (report.outcome.status === 'failed') return [`${name}${month} failed: ${report.outcome.error}`];
  const { delivery } = report.outcome;
  return [
    delivery.status === 'sent'
      ? `${name}${month}, emailed to ${report.recipients.join(', ')}`
      : `${name}${month}, emailed on ${formatInstant(delivery.sentAt, report.timezone)}, not sent again`,
    ...(report.signedReportLink ? [labelled(4, 'Open the report', report.signedReportLink)] : []),
    ...(report.allReportsLink ? [labelled(4, 'All reports', report.allReportsLink)] : []),
    labelled(4, 'API token', report.apiToken),
    labelled(4, 'S3', report.s3Location),
    labelled(4, '', `on disk: ${asFolder(shortPath(report.s3Folder, cwd))}`),
  ];
}

/**
 * The block `npm start` prints once the stack runs: each account's month and where to look, then the
 * report API, how to ask for another month, where the email is, and how to stop.
 */
export function formatStartBlock(stack: StartBlockFacts, options: { cwd: string }): string {
  const nameWidth = Math.max(
    ...stack.reports.map((report) => `${report.account} (${report.timezone})`.length),
  );
  const days = stack.linkLifetimeDays === 1 ? '1 day' : `${stack.linkLifetimeDays} days`;
  const [first] = stack.reports;
  const month = first ? parseMonth(first.month) : undefined;
  // With the first account's own token, as a merchant would ask.
  const curl = `curl -H 'Authorization: Bearer ${first?.apiToken}' ${stack.reportApiUrl}/reports/${first?.account}/${month ? previousPeriod(month).id : ''}`;
  const periods = month
    ? `(or a quarter, ${periodOfMonth(month, 'quarter').id}, or a year, ${periodOfMonth(month, 'year').id}: one not ended is reported so far)`
    : undefined;
  const stateDir = shortPath(stack.stateDir, options.cwd);
  return [
    '',
    "The local stack is running. Last month's reports, from the monthly fan-out:",
    '',
    ...stack.reports.flatMap((report) => accountLines(report, nameWidth, options.cwd)),
    '',
    `  Report links are signed and valid for ${days}.`,
    labelled(
      2,
      'Report API',
      `${stack.reportApiUrl}   operator token: ${stack.reportApiToken} (reads every account)`,
    ),
    labelled(2, 'Another month', curl),
    ...(periods ? [labelled(2, '', periods)] : []),
    labelled(2, 'Mail viewer', stack.mailViewerUrl),
    '',
    `Ctrl-C stops everything. State lives in ${asFolder(stateDir)} (rm -rf ${stateDir} starts afresh).`,
    '',
  ].join('\n');
}
