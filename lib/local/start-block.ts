import { isAbsolute, relative, sep } from 'node:path';
import { monthName, parseMonth, periodOfMonth, previousPeriod } from '../period';
import { formatInstant } from '../report';
import type { LocalStack } from './stack';

/** What the printed block shows. */
export type StartBlockFacts = Pick<
  LocalStack,
  | 'account'
  | 'month'
  | 'timezone'
  | 'reportApiUrl'
  | 'reportApiToken'
  | 'mailViewerUrl'
  | 'recipients'
  | 'delivery'
  | 'signedReportLink'
  | 'linkLifetimeDays'
  | 's3Location'
  | 's3Folder'
  | 'stateDir'
>;

/** A path as short as it can be said from `cwd`: relative inside it, absolute elsewhere. */
function shortPath(path: string, cwd: string): string {
  const inside = relative(cwd, path);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return path;
  return inside;
}

function withTrailingSeparator(path: string): string {
  return path.endsWith(sep) ? path : `${path}${sep}`;
}

/**
 * The block `npm start` prints once the stack runs: where the report is, how to ask for another month
 * (or a quarter, or a year), where the email and the files are, and how to stop.
 * @example formatStartBlock(stack, { cwd: process.cwd() })
 */
export function formatStartBlock(stack: StartBlockFacts, options: { cwd: string }): string {
  const name = monthName(stack.month);
  const delivered =
    stack.delivery.status === 'sent'
      ? `emailed to ${stack.recipients.join(', ')}`
      : `emailed on ${formatInstant(stack.delivery.sentAt, stack.timezone)}, not sent again`;
  const days = stack.linkLifetimeDays === 1 ? '1 day' : `${stack.linkLifetimeDays} days`;
  const month = parseMonth(stack.month);
  const otherMonth = previousPeriod(month).id;
  const quarter = periodOfMonth(month, 'quarter').id;
  const year = periodOfMonth(month, 'year').id;
  const curl = `curl -H 'Authorization: Bearer ${stack.reportApiToken}' ${stack.reportApiUrl}/reports/${stack.account}/${otherMonth}`;
  const stateDir = shortPath(stack.stateDir, options.cwd);
  return [
    '',
    `The local stack is running. ${name} report for ${stack.account}: ${delivered}.`,
    '',
    `  Open the report   ${stack.signedReportLink}`,
    `                    (a signed link, valid for ${days})`,
    `  Report API        ${stack.reportApiUrl}   token: ${stack.reportApiToken}`,
    `  Another month     ${curl}`,
    `                    (or a quarter, ${quarter}, or a year, ${year}: one not ended is reported so far)`,
    `  Mail viewer       ${stack.mailViewerUrl}`,
    `  S3                ${stack.s3Location}`,
    `                    on disk: ${withTrailingSeparator(shortPath(stack.s3Folder, options.cwd))}`,
    '',
    `Ctrl-C stops everything. State lives in ${withTrailingSeparator(stateDir)} (rm -rf ${stateDir} starts afresh).`,
    '',
  ].join('\n');
}
