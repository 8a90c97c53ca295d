import { formatCount, formatDay } from '../format';
import type { CurrencyUnit, ReconciliationCheck, ReportSummary } from '../model';
import { periodTitle } from '../period-words';
import { DataTable } from './data-table';
import { look, type Variant } from './looks';
import { Lead, Note, Panel } from './panel';
import { currencyCheckUnit, describeCheck } from './reconciliation-check';

interface ReconciliationProps {
  variant: Variant;
  summary: ReportSummary;
}

/** The headline checks, always shown in the panel. */
const MAIN_CHECKS = new Set(['paidCount', 'paidTotalUSD']);

interface ChecksProps {
  variant: Variant;
  checks: ReconciliationCheck[];
  unit: CurrencyUnit;
}

/** One check to a paragraph: reads on any width, where four columns of figures would not fit a phone. */
function ChecksList({ variant, checks, unit }: ChecksProps) {
  return (
    <>
      {checks.map((check) => {
        const wording = describeCheck(check, unit);
        return (
          <p {...look(variant, 'paragraph')}>
            <strong title={wording.fullId}>{wording.label}</strong>
            <br />
            {`service statistics ${wording.service} · invoices add up to ${wording.computed} · difference `}
            {check.ok ? wording.difference : <span {...look(variant, 'differs')}>{wording.difference}</span>}
          </p>
        );
      })}
    </>
  );
}

/** The checks with the service's figure, the itemised figure and the difference: a table on the page, a list in the email. */
function ChecksTable({ variant, checks, unit }: ChecksProps) {
  if (variant === 'email') return <ChecksList variant={variant} checks={checks} unit={unit} />;
  return (
    <DataTable<ReconciliationCheck>
      variant={variant}
      cards="list"
      rows={checks}
      columns={[
        {
          heading: 'Check',
          looks: ['nowrap'],
          cell: (check) => describeCheck(check, unit).label,
          title: (check) => describeCheck(check, unit).fullId,
        },
        { heading: 'Service statistics', numeric: true, cell: (check) => describeCheck(check, unit).service },
        {
          heading: 'Invoices add up to',
          numeric: true,
          cell: (check) => describeCheck(check, unit).computed,
        },
        {
          heading: 'Difference',
          numeric: true,
          cell: (check) =>
            check.ok ? (
              describeCheck(check, unit).difference
            ) : (
              <span {...look(variant, 'differs')}>{describeCheck(check, unit).difference}</span>
            ),
        },
      ]}
    />
  );
}

/**
 * At the top of the report: a warning listing every check that differs, or one quiet line when the
 * service's statistics agree with the itemised lists.
 */
export function ReconciliationStatus({ variant, summary }: ReconciliationProps) {
  const { checks } = summary.reconciliation;
  const failing = checks.filter((check) => !check.ok);
  if (summary.reconciliation.ok && failing.length === 0) {
    return (
      <p {...look(variant, 'agree')}>
        {`✓ The service's statistics agree with the itemised lists (${formatCount(checks.length)} ${checks.length === 1 ? 'check' : 'checks'}).`}
      </p>
    );
  }
  return (
    <div {...look(variant, 'warning')} role="alert">
      <h2 {...look(variant, 'warningHeading')}>⚠ The service's statistics and the itemised lists differ</h2>
      <p {...look(variant, 'paragraph')}>
        {failing.length === 0
          ? 'The reconciliation did not pass. Check the figures before relying on them.'
          : `${formatCount(failing.length)} of ${formatCount(checks.length)} checks differ by more than 0.01. Check these figures before relying on them: the itemised invoices and payments are in the CSV files.`}
      </p>
      <ChecksList variant={variant} checks={failing} unit={currencyCheckUnit(summary.reconciliation)} />
    </div>
  );
}

/** The reconciliation in detail: what was compared, the headline checks and every difference. */
export function ReconciliationPanel({ variant, summary }: ReconciliationProps) {
  const { checks, days } = summary.reconciliation;
  const shown = checks.filter((check) => MAIN_CHECKS.has(check.name) || !check.ok);
  const agreeing = checks.filter((check) => check.ok).length;
  const first = days[0];
  const last = days.at(-1);
  const span = first && last ? ` over the UTC days ${formatDay(first)} – ${formatDay(last)}` : '';
  // In a zone other than UTC the compared days reach past the period, so these totals need not match the headline.
  const periodDays = summary.invoices.days;
  const beyondPeriod =
    first !== undefined && (first !== periodDays[0]?.date || last !== periodDays.at(-1)?.date);
  return (
    <Panel variant={variant} heading="Reconciliation">
      <Lead variant={variant}>
        {`The service's own statistics compared with what the itemised invoices add up to${span}: in all, per project, per currency and per day. Differences up to 0.01 count as agreement.${beyondPeriod ? ` Those days are not exactly ${periodTitle(summary.period)} in ${summary.period.timezone}, so the totals here can differ from the figures above.` : ''}`}
      </Lead>
      {shown.length === 0 ? null : (
        <ChecksTable variant={variant} checks={shown} unit={currencyCheckUnit(summary.reconciliation)} />
      )}
      <Note variant={variant}>
        {agreeing === checks.length
          ? `All ${formatCount(checks.length)} checks agree.`
          : `${formatCount(agreeing)} of ${formatCount(checks.length)} checks agree; the ${formatCount(checks.length - agreeing)} that differ are listed.`}
      </Note>
    </Panel>
  );
}
