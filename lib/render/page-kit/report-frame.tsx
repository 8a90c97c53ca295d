import type { ReportSummary } from '../../report';
import { formatInstant, formatPeriod, isolated, periodTitle } from '../../report';
import { ProjectLabel } from './cells';
import { look } from './looks';

/**
 * What the report is called, as text (the page's title): `Acme · Invoice report`, or `Invoice report`
 * without an account name. A name that is not plain ASCII is set apart (`isolated`); the header uses `<bdi>`.
 */
export function reportName(summary: ReportSummary): string {
  return summary.account ? `${isolated(summary.account)} · Invoice report` : 'Invoice report';
}

/**
 * The report's name, its period's name (`so far` when it has not ended), the days it covers in its time
 * zone (and the instant a period not ended runs to), and the project it is limited to, if any.
 */
export function ReportHeader({ summary }: { summary: ReportSummary }) {
  return (
    <div {...look('header')}>
      <p {...look('eyebrow')}>
        {summary.account ? (
          <>
            <bdi>{summary.account}</bdi> · Invoice report
          </>
        ) : (
          reportName(summary)
        )}
      </p>
      <h1 {...look('title')}>{periodTitle(summary.period)}</h1>
      <p {...look('subtitle')}>
        {formatPeriod(summary.period)}
        {summary.projectId === null ? null : (
          <>
            {' · project '}
            <ProjectLabel names={summary.projectNames} id={summary.projectId} />
            {' only'}
          </>
        )}
      </p>
    </div>
  );
}

/**
 * When and from where the report was made, the host only (never the whole address, nothing when it is
 * unreadable): `Made 1 Nov 2026, 06:00 (Europe/Berlin) from the data of api.example.com.`
 */
export function provenance(summary: ReportSummary): string {
  let host: string | null;
  try {
    host = new URL(summary.source.apiUrl).host || null;
  } catch {
    host = null;
  }
  const made = `Made ${formatInstant(summary.generatedAt, summary.period.timezone)}`;
  return host === null ? `${made}.` : `${made} from the data of ${host}.`;
}

export function ReportFooter({ summary }: { summary: ReportSummary }) {
  return (
    <p {...look('footer')}>
      {provenance(summary)}
      {' Amounts in USD are the service’s USD values; crypto amounts keep every digit.'}
    </p>
  );
}
