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
import { AmountText } from './cells';
import { DataTable } from './data-table';
import { look, type Variant } from './looks';
import { Lead, Note, Panel } from './panel';

interface ReconciliationProps {
  variant: Variant;
  summary: ReportSummary;
}

/** Whether a check is one of the per-day checks: many (a month has 31), so the panel counts those that agree. */
const isDayCheck = (check: ReconciliationCheck) => check.name.startsWith('day:');

interface ChecksProps {
  variant: Variant;
  checks: ReconciliationCheck[];
  unit: CurrencyUnit;
  names: ProjectNames;
}

/** A project's check: its label holds the project's name, which may be one long word that has to break. */
const isProjectCheck = (check: ReconciliationCheck) => check.name.startsWith('project:');

/** Column headings and the list's words: what each figure covers. */
const SERVICE_FIGURE = "Service's figure";
const LISTED_FIGURE = 'Its listed invoices';

/** One check to a paragraph: reads on any width, where four columns of figures would not fit a phone. */
function ChecksList({ variant, checks, unit, names }: ChecksProps) {
  return (
    <>
      {checks.map((check) => {
        const wording = describeCheck(check, unit, names);
        return (
          <p {...look(variant, 'paragraph')}>
            <strong {...(isProjectCheck(check) ? look(variant, 'longWord') : {})} title={wording.fullId}>
              {wording.label}
            </strong>
            <br />
            {`${SERVICE_FIGURE.toLowerCase()} ${wording.service} · ${LISTED_FIGURE.toLowerCase()} ${wording.computed} · difference `}
            {check.ok ? wording.difference : <span {...look(variant, 'differs')}>{wording.difference}</span>}
          </p>
        );
      })}
    </>
  );
}

/** The differing checks a variant lists: every one on the page, the first `DIFFERENCES_LISTED` in an email. */
function listedDifferences(variant: Variant, failing: ReconciliationCheck[]): ReconciliationCheck[] {
  return variant === 'email' ? failing.slice(0, DIFFERENCES_LISTED) : failing;
}

/** After the warning's list cut short in an email: how many more differ, and where they are. */
function MoreDiffer({ variant, hidden }: { variant: Variant; hidden: number }) {
  if (hidden <= 0) return null;
  return (
    <Note
      variant={variant}
    >{`And ${formatCount(hidden)} more that ${differVerb(hidden)}, in the full report.`}</Note>
  );
}

/** The checks with the service's figure, the listed invoices' figure and the difference: a table on the page, a list in the email. */
function ChecksTable({ variant, checks, unit, names }: ChecksProps) {
  if (variant === 'email') return <ChecksList variant={variant} checks={checks} unit={unit} names={names} />;
  const wording = (check: ReconciliationCheck) => describeCheck(check, unit, names);
  return (
    <DataTable<ReconciliationCheck>
      variant={variant}
      name="Reconciliation checks"
      cards="list"
      rows={checks}
      columns={[
        {
          heading: 'Check',
          looks: ['nowrap'],
          cell: (check) =>
            isProjectCheck(check) ? (
              <span {...look(variant, ['wrap', 'longWord'])}>{wording(check).label}</span>
            ) : (
              wording(check).label
            ),
          title: (check) => wording(check).fullId,
        },
        {
          heading: SERVICE_FIGURE,
          numeric: true,
          cell: (check) => <AmountText variant={variant} text={wording(check).service} />,
        },
        {
          heading: LISTED_FIGURE,
          numeric: true,
          cell: (check) => <AmountText variant={variant} text={wording(check).computed} />,
        },
        {
          heading: 'Difference',
          numeric: true,
          cell: (check) => {
            const difference = <AmountText variant={variant} text={wording(check).difference} />;
            return check.ok ? difference : <span {...look(variant, 'differs')}>{difference}</span>;
          },
        },
      ]}
    />
  );
}

/** The checks that could not be made exactly, with the reason: said, never guessed. */
function NotChecked({ variant, summary }: ReconciliationProps) {
  const groups = uncheckedInWords(summary.reconciliation.notChecked, summary.projectNames);
  if (groups.length === 0) return null;
  return (
    <>
      {groups.map((group) => (
        <Note variant={variant}>
          <strong>{`Not checked: ${group.labels}`}</strong>
          <br />
          {group.reason}
        </Note>
      ))}
    </>
  );
}

/**
 * How many of some checks agree, in words that start in lower case: `the one day agrees`,
 * `all 31 days agree`, `29 of 31 days agree; the 2 that differ are listed` (then `where`, such as
 * ` above`), or, when only the first `listed` of those that differ are (an email's list),
 * `0 of 365 days agree; the first 10 of the 365 that differ are listed above, the full report has them all`.
 */
function agreementInWords(
  checks: readonly ReconciliationCheck[],
  [one, many]: readonly [string, string],
  where = '',
  listed = Number.POSITIVE_INFINITY,
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

/** The per-day checks in one line: `Per day: all 31 days agree.`, or how many differ (those are listed). */
function DaysAgreeing({
  variant,
  checks,
  listed,
}: {
  variant: Variant;
  checks: ReconciliationCheck[];
  listed: number;
}) {
  const days = checks.filter(isDayCheck);
  if (days.length === 0) return null;
  return (
    <Note variant={variant}>{`Per day: ${agreementInWords(days, ['day', 'days'], ' above', listed)}.`}</Note>
  );
}

/**
 * At the top of the report: a warning listing every check that differs, or one quiet line when the
 * service's statistics agree with the invoices it lists for the same dates.
 */
export function ReconciliationStatus({ variant, summary }: ReconciliationProps) {
  const { checks, ok } = summary.reconciliation;
  const failing = checks.filter((check) => !check.ok);
  const listed = listedDifferences(variant, failing);
  if (ok && failing.length === 0) {
    return <p {...look(variant, 'agree')}>{`✓ ${reconciliationOutcome(summary)}`}</p>;
  }
  return (
    <div {...look(variant, 'warning')} role="alert">
      <h2 {...look(variant, 'warningHeading')}>
        ⚠ The service's statistics and the invoices it lists for the same dates differ
      </h2>
      <p {...look(variant, 'paragraph')}>
        {failing.length === 0
          ? reconciliationOutcome(summary)
          : `${reconciliationOutcome(summary)} Check these figures before relying on them: the itemised invoices and payments are in the CSV files, and the Reconciliation panel says what was compared.`}
      </p>
      <ChecksList
        variant={variant}
        checks={listed}
        unit={currencyCheckUnit(summary.reconciliation)}
        names={summary.projectNames}
      />
      <MoreDiffer variant={variant} hidden={failing.length - listed.length} />
    </div>
  );
}

/**
 * The reconciliation in detail: the window of dates compared and how its figures relate to the report's,
 * every check but the per-day ones (paid invoices, paid total, per project, per currency), the per-day
 * ones as a count with those that differ listed, and every check that could not be made exactly.
 */
export function ReconciliationPanel({ variant, summary }: ReconciliationProps) {
  const { checks } = summary.reconciliation;
  const differingDays = checks.filter((check) => isDayCheck(check) && !check.ok);
  const listedDays = listedDifferences(variant, differingDays);
  const shown = [...checks.filter((check) => !isDayCheck(check)), ...listedDays];
  const listed = shown.filter((check) => !check.ok).length;
  const agreement = agreementInWords(checks, ['check', 'checks'], '', listed);
  return (
    <Panel variant={variant} heading="Reconciliation">
      <Lead variant={variant}>{reconciliationWindow(summary, 'above')}</Lead>
      <Lead variant={variant}>{reconciliationScope(summary)}</Lead>
      {shown.length === 0 ? null : (
        <ChecksTable
          variant={variant}
          checks={shown}
          unit={currencyCheckUnit(summary.reconciliation)}
          names={summary.projectNames}
        />
      )}
      <DaysAgreeing variant={variant} checks={checks} listed={listedDays.length} />
      <NotChecked variant={variant} summary={summary} />
      <Note variant={variant}>{`${agreement.charAt(0).toUpperCase()}${agreement.slice(1)}.`}</Note>
      <Note variant={variant}>{reconciliationReason(summary)}</Note>
    </Panel>
  );
}
