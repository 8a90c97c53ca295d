import type { ReportSummary } from '../../report';
import { formatPeriod, isolated, periodTitle } from '../../report';
import { look, type Variant } from './looks';
import { ProjectLabel } from './project-label';

/**
 * What the report is called, as text (the page's title): `Acme · Invoice report`, or `Invoice report`
 * without an account name. A name that is not plain ASCII is set apart (`isolated`); the page's header
 * sets it apart in a `<bdi>`.
 */
export function reportName(summary: ReportSummary): string {
  return summary.account ? `${isolated(summary.account)} · Invoice report` : 'Invoice report';
}

/**
 * The report's name, its period's name (`so far` when it has not ended), the days it covers in its time
 * zone (and the instant a period not ended runs to), and the project it is limited to, if any.
 */
export function ReportHeader({ variant, summary }: { variant: Variant; summary: ReportSummary }) {
  return (
    <div {...look(variant, 'header')}>
      <p {...look(variant, 'eyebrow')}>
        {summary.account ? (
          <>
            <bdi>{summary.account}</bdi> · Invoice report
          </>
        ) : (
          reportName(summary)
        )}
      </p>
      <h1 {...look(variant, 'title')}>{periodTitle(summary.period)}</h1>
      <p {...look(variant, 'subtitle')}>
        {formatPeriod(summary.period)}
        {summary.projectId === null ? null : (
          <>
            {' · project '}
            <ProjectLabel variant={variant} names={summary.projectNames} id={summary.projectId} />
            {' only'}
          </>
        )}
      </p>
    </div>
  );
}
