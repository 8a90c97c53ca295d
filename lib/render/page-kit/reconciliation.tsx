import type { Child } from 'hono/jsx';
import type { ReconciliationCheck, ReportSummary } from '../../report';
import {
  currencyCheckUnit,
  DIFFERENCES_LISTED,
  describeCheck,
  differVerb,
  formatCount,
  reconciliationReason,
  reconciliationScope,
  reconciliationStatus,
  reconciliationWindow,
  uncheckedInWords,
} from '../../report';
import { AmountText, amountColumn } from './cells';
import { look, useVariant } from './looks';
import { DataTable, Lead, Note, Panel } from './panel';

type ChecksProps = { checks: ReconciliationCheck[]; summary: ReportSummary };
const isDayCheck = (check: ReconciliationCheck) => check.name.startsWith('day:');
/** A project's label holds its name, which may be one long word that has to break. */
const isProjectCheck = (check: ReconciliationCheck) => check.name.startsWith('project:');
const wordsOf = (summary: ReportSummary) => (check: ReconciliationCheck) =>
  describeCheck(check, currencyCheckUnit(summary.reconciliation), summary.projectNames);
const differs = (check: ReconciliationCheck, difference: Child) =>
  check.ok ? difference : <span {...look('differs')}>{difference}</span>;

/** One check to a paragraph: reads on any width, where four columns of figures would not fit a phone. */
function ChecksList({ checks, summary }: ChecksProps) {
  return checks.map((check) => {
    const wording = wordsOf(summary)(check);
    return (
      <p {...look('paragraph')}>
        <strong {...(isProjectCheck(check) ? look('longWord') : {})} title={wording.fullId}>
          {wording.label}
        </strong>
        <br />
        {`service's figure ${wording.service} · its listed invoices ${wording.computed} · difference `}
        {differs(check, wording.difference)}
      </p>
    );
  });
}

/** The checks with both figures and the difference: a table on the page, a list in the email. */
function ChecksTable(props: ChecksProps) {
  if (useVariant() === 'email') return <ChecksList {...props} />;
  const wording = wordsOf(props.summary);
  return (
    <DataTable<ReconciliationCheck>
      name="Reconciliation checks"
      cards="list"
      rows={props.checks}
      columns={[
        {
          heading: 'Check',
          looks: ['nowrap'],
          cell: (check) =>
            isProjectCheck(check) ? (
              <span {...look(['wrap', 'longWord'])}>{wording(check).label}</span>
            ) : (
              wording(check).label
            ),
          title: (check) => wording(check).fullId,
        },
        amountColumn("Service's figure", (check) => wording(check).service),
        amountColumn('Its listed invoices', (check) => wording(check).computed),
        {
          heading: 'Difference',
          numeric: true,
          cell: (check) => differs(check, <AmountText text={wording(check).difference} />),
        },
      ]}
    />
  );
}

/** How many checks agree, in lower case: `all 31 days agree`, `29 of 31 days agree; the 2 that differ are listed`. */
function agreementInWords(all: readonly ReconciliationCheck[], one: string, where: string, listed: number) {
  const many = `${one}s`;
  const total = all.length;
  const agreeing = all.filter((check) => check.ok).length;
  if (agreeing === total)
    return total === 1 ? `the one ${one} agrees` : `all ${formatCount(total)} ${many} agree`;
  const differing = total - agreeing;
  const which =
    listed < differing
      ? `the first ${formatCount(listed)} of the ${formatCount(differing)} that differ are listed${where}, the full report has them all`
      : differing === 1
        ? `the one that differs is listed${where}`
        : `the ${formatCount(differing)} that differ are listed${where}`;
  return `${formatCount(agreeing)} of ${formatCount(total)} ${total === 1 ? one : many} agree; ${which}`;
}

/** At the top: a warning listing the checks that differ (fewer in an email), or one quiet line when all agree. */
export function ReconciliationStatus({ summary }: { summary: ReportSummary }) {
  const atMost = useVariant() === 'email' ? DIFFERENCES_LISTED : undefined;
  const { ok, mark, outcome, listed, hidden } = reconciliationStatus(summary, atMost);
  if (ok) return <p {...look('agree')}>{`${mark} ${outcome}`}</p>;
  return (
    <div {...look('warning')} role="alert">
      <h2 {...look('warningHeading')}>
        {`${mark} The service's statistics and the invoices it lists for the same dates differ`}
      </h2>
      <p {...look('paragraph')}>
        {listed.length === 0
          ? outcome
          : `${outcome} Check these figures before relying on them: the itemised invoices and payments are in the CSV files, and the Reconciliation panel says what was compared.`}
      </p>
      <ChecksList checks={listed} summary={summary} />
      {hidden > 0 ? (
        <Note>{`And ${formatCount(hidden)} more that ${differVerb(hidden)}, in the full report.`}</Note>
      ) : null}
    </div>
  );
}

/** The reconciliation in detail: the dates compared, every check (per day only those that differ), what was not checked. */
export function ReconciliationPanel({ summary }: { summary: ReportSummary }) {
  const { checks, notChecked } = summary.reconciliation;
  const days = checks.filter(isDayCheck);
  const differingDays = days.filter((check) => !check.ok);
  const listedDays = useVariant() === 'email' ? differingDays.slice(0, DIFFERENCES_LISTED) : differingDays;
  const shown = [...checks.filter((check) => !isDayCheck(check)), ...listedDays];
  const agreement = agreementInWords(checks, 'check', '', shown.filter((check) => !check.ok).length);
  return (
    <Panel heading="Reconciliation">
      <Lead>{reconciliationWindow(summary, 'above')}</Lead>
      <Lead>{reconciliationScope(summary)}</Lead>
      {shown.length === 0 ? null : <ChecksTable checks={shown} summary={summary} />}
      {days.length === 0 ? null : (
        <Note>{`Per day: ${agreementInWords(days, 'day', ' above', listedDays.length)}.`}</Note>
      )}
      {uncheckedInWords(notChecked, summary.projectNames).map((group) => (
        <Note>
          <strong>{`Not checked: ${group.labels}`}</strong>
          <br />
          {group.reason}
        </Note>
      ))}
      <Note>{`${agreement.charAt(0).toUpperCase()}${agreement.slice(1)}.`}</Note>
      <Note>{reconciliationReason(summary)}</Note>
    </Panel>
  );
}
