import { monthName } from '../../period';
import { formatPeriod, shortId } from '../format';
import type { ReportSummary } from '../model';
import { look, type Variant } from './looks';

/** What the report is called: `Acme · Invoice report`, or `Invoice report` without an account name. */
export function reportName(summary: ReportSummary): string {
  return summary.account ? `${summary.account} · Invoice report` : 'Invoice report';
}

/** The report's name, month, period in its time zone, and the project it is limited to, if any. */
export function ReportHeader({ variant, summary }: { variant: Variant; summary: ReportSummary }) {
  return (
    <div {...look(variant, 'header')}>
      <p {...look(variant, 'eyebrow')}>{reportName(summary)}</p>
      <h1 {...look(variant, 'title')}>{monthName(summary.period.month)}</h1>
      <p {...look(variant, 'subtitle')}>
        {formatPeriod(summary.period)}
        {summary.projectId === null ? null : (
          <>
            {' · project '}
            <span {...look(variant, 'code')} title={summary.projectId}>
              {shortId(summary.projectId)}
            </span>
            {' only'}
          </>
        )}
      </p>
    </div>
  );
}
