import type { CurrencyUnit, ProjectNames, ReconciliationCheck, ReportSummary } from '../../report';
import {
  currencyCheckUnit,
  DIFFERENCES_LISTED,
  describeCheck,
  differVerb,
  formatCount,
  reconciliationOutcome,
  reconciliationReason,
  reconciliationScope,
  reconciliationWindow,
  uncheckedInWords,
} from '../../report';
import { AmountText, amountColumn } from './cells';

import { look, useVariant } from './looks';
import { DataTable, Lead, Note, Panel } from './panel';

interface ChecksProps {
  checks: ReconciliationCheck[];
  unit: CurrencyUnit;
  names: ProjectNames;
}

/** The per-day checks are many (a month has 31): the panel counts those that agree. */
const isDayCheck = (check: ReconciliationCheck) => check.name.startsWith('day:');
/** A project's label holds its name, which may be one long word that has to break. */
const isProjectCheck = (check: ReconciliationCheck) => check.name.startsWith('project:');

/** One check to a paragraph: reads on any width, where four columns of figures would not fit a phone. */
function ChecksList({ checks, unit, names }: ChecksProps) {
  return (
    <>
      {checks.map((check) => {
        const wording = describeCheck(check, unit, names);
        return (
          <p {...look('paragraph')}>
            <strong {...(isProjectCheck(check) ? look('longWord') : {})} title={wording.fullId}>
              {wording.label}
            </strong>
            <br />
            {`service's figure ${wording.service} · its listed invoices ${wording.computed} · difference `}
            {check.ok ? wording.difference : <span {...look('differs')}>{wording.difference}</span>}
          </p>
        );
      })}
    </>
  );
}

/** The checks with both figures and the difference: a table on the page, a list in the email. */
function ChecksTable(props: ChecksProps) {
  const { unit, names } = props;
  if (useVariant() === 'email') return <ChecksList {...props} />;
  const wording = (check: ReconciliationCheck) => describeCheck(check, unit, names);
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
          cell: (check) => {
            const difference = <AmountText text={wording(check).difference} />;
            return check.ok ? difference : <span {...look('differs')}>{difference}</span>;
          },
        },
      ]}
    />
  );
}

/**
 * How many of some checks agree, starting in lower case: `the one day agrees`, `all 31 days agree`,
 * `29 of 31 days agree; the 2 that differ are listed` (then `where`), or, when only the first `listed` of
 * those that differ are (an email's list), `…; the first 10 of the 365 that differ are listed above, the
 * full report has them all`.
 */
function agreementInWords(
  checks: readonly ReconciliationCheck[],
  [one, many]: readonly [string, string],
  where: string,
  listed: number,
): string {
  const total = checks.length;
  const agreeing = checks.filter((check) => check.ok).length;
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

/**
 * At the top of the report: a warning listing every check that differs (the first `DIFFERENCES_LISTED` in
 * an email), or one quiet line when the statistics agree with the invoices listed for the same dates.
 */
export function ReconciliationStatus({ summary }: { summary: ReportSummary }) {
  const failing = summary.reconciliation.checks.filter((check) => !check.ok);
  if (summary.reconciliation.ok && failing.length === 0) {
    return <p {...look('agree')}>{`✓ ${reconciliationOutcome(summary)}`}</p>;
  }
  const listed = useVariant() === 'email' ? failing.slice(0, DIFFERENCES_LISTED) : failing;
  const hidden = failing.length - listed.length;
  return (
    <div {...look('warning')} role="alert">
      <h2 {...look('warningHeading')}>
        ⚠ The service's statistics and the invoices it lists for the same dates differ
      </h2>
      <p {...look('paragraph')}>
        {failing.length === 0
          ? reconciliationOutcome(summary)
          : `${reconciliationOutcome(summary)} Check these figures before relying on them: the itemised invoices and payments are in the CSV files, and the Reconciliation panel says what was compared.`}
      </p>
      <ChecksList
        checks={listed}
        unit={currencyCheckUnit(summary.reconciliation)}
        names={summary.projectNames}
      />
      {hidden > 0 ? (
        <Note>{`And ${formatCount(hidden)} more that ${differVerb(hidden)}, in the full report.`}</Note>
      ) : null}
    </div>
  );
}

/**
 * The reconciliation in detail: the window of dates compared and how it relates to the report's, every
 * check but the per-day ones, those as a count with the ones that differ listed, and every check that
 * could not be made exactly, with the reason (said, never guessed).
 */
export function ReconciliationPanel({ summary }: { summary: ReportSummary }) {
  const { checks, notChecked } = summary.reconciliation;
  const days = checks.filter(isDayCheck);
  const differingDays = days.filter((check) => !check.ok);
  const listedDays = useVariant() === 'email' ? differingDays.slice(0, DIFFERENCES_LISTED) : differingDays;
  const shown = [...checks.filter((check) => !isDayCheck(check)), ...listedDays];
  const agreement = agreementInWords(
    checks,
    ['check', 'checks'],
    '',
    shown.filter((check) => !check.ok).length,
  );
  return (
    <Panel heading="Reconciliation">
      <Lead>{reconciliationWindow(summary, 'above')}</Lead>
      <Lead>{reconciliationScope(summary)}</Lead>
      {shown.length === 0 ? null : (
        <ChecksTable
          checks={shown}
          unit={currencyCheckUnit(summary.reconciliation)}
          names={summary.projectNames}
        />
      )}
      {days.length === 0 ? null : (
        <Note>{`Per day: ${agreementInWords(days, ['day', 'days'], ' above', listedDays.length)}.`}</Note>
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
