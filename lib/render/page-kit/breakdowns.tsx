import type { Child } from 'hono/jsx';
import type {
  CryptocurrencyFigures,
  CurrencyFigures,
  ProjectFigures,
  ReportSummary,
  WalletFigures,
} from '../../report';
import {
  formatCount,
  formatCrypto,
  formatFiat,
  formatShare,
  formatUSD,
  INVOICE_STATUS_ORDER,
  periodTitle,
} from '../../report';
import { AmountText, amountColumn, projectColumn, ServiceText, WALLET_NAME_SHOWN } from './cells';
import { useVariant } from './looks';
import { type Column, TablePanel } from './panel';

interface BreakdownProps {
  summary: ReportSummary;
  /** Most rows shown; the rest are counted in a note. */
  limit: number;
}

/** A breakdown's panel: `none` when it has no rows, else its first `limit` rows and a note counting the rest. */
function Breakdown<Row>(props: {
  heading: string;
  rows: Row[];
  limit: number;
  /** What the rows are, in the plural: `projects`. */
  what: string;
  none?: string;
  columns: Column<Row>[];
  total?: Child[];
}) {
  const { rows, limit, what, ...rest } = props;
  const hidden = rows.length - Math.min(rows.length, limit);
  return (
    <TablePanel<Row>
      {...rest}
      empty={rows.length === 0}
      rows={rows.slice(0, limit)}
      notes={[hidden > 0 ? `and ${formatCount(hidden)} more ${what} in the full report` : null]}
    />
  );
}

const nonePaid = (summary: ReportSummary) => `No invoices were paid in ${periodTitle(summary.period)}.`;

/** Paid invoices per project, largest first, with the commission, what is left and the share. */
export function ProjectsTable({ summary, limit }: BreakdownProps) {
  const { invoices } = summary;
  return (
    <Breakdown<ProjectFigures>
      limit={limit}
      heading="By project"
      rows={invoices.projects}
      what="projects"
      none={nonePaid(summary)}
      columns={[
        projectColumn(summary.projectNames, (row) => row.projectId),
        { heading: 'Paid', numeric: true, cell: (row) => formatCount(row.paid) },
        amountColumn('Paid total', (row) => formatUSD(row.paidTotalUSD), { keepWhole: true }),
        amountColumn('Commission', (row) => formatUSD(row.commissionTotalUSD), { pageOnly: true }),
        amountColumn('Net received', (row) => formatUSD(row.netReceivedUSD), { pageOnly: true }),
        {
          heading: 'Share',
          numeric: true,
          cell: (row) => formatShare(row.paidTotalUSD, invoices.paidTotalUSD),
        },
      ]}
      total={
        invoices.projects.length > 1
          ? [
              'All projects',
              formatCount(invoices.paid),
              <AmountText text={formatUSD(invoices.paidTotalUSD)} keepWhole />,
              <AmountText text={formatUSD(invoices.commissionTotalUSD)} />,
              <AmountText text={formatUSD(invoices.netReceivedUSD)} />,
              '',
            ]
          : undefined
      }
    />
  );
}

/** Paid invoices per fiat currency: the amount in that currency and its USD value. */
export function CurrenciesTable({ summary, limit }: BreakdownProps) {
  return (
    <Breakdown<CurrencyFigures>
      limit={limit}
      heading="By invoice currency"
      rows={summary.invoices.currencies}
      what="currencies"
      none={nonePaid(summary)}
      columns={[
        // Each amount names its currency: without the column, a 360 px phone fits both amounts of a row.
        { heading: 'Currency', pageOnly: true, cell: (row) => row.currency },
        { heading: 'Paid', numeric: true, cell: (row) => formatCount(row.paid) },
        amountColumn('Amount', (row) => formatFiat(row.amount, row.currency)),
        amountColumn('In USD', (row) => formatUSD(row.paidTotalUSD)),
      ]}
    />
  );
}

/** Invoices created in the period by status, with their share of all created. */
export function StatusTable({ summary }: { summary: ReportSummary }) {
  const { invoices } = summary;
  return (
    <TablePanel<(typeof INVOICE_STATUS_ORDER)[number]>
      heading="By status"
      cards="never"
      rows={[...INVOICE_STATUS_ORDER]}
      columns={[
        { heading: 'Status', cell: ([, label]) => label },
        { heading: 'Invoices', numeric: true, cell: ([status]) => formatCount(invoices.byStatus[status]) },
        {
          heading: 'Share',
          numeric: true,
          cell: ([status]) => formatShare(invoices.byStatus[status], invoices.total),
        },
      ]}
      total={['All created', formatCount(invoices.total), '']}
      notes={[`Status as of when the report was made; invoices created in ${periodTitle(summary.period)}.`]}
    />
  );
}

/** Payments received per cryptocurrency, every digit kept. */
export function CryptocurrenciesTable({ summary, limit }: BreakdownProps) {
  return (
    <Breakdown<CryptocurrencyFigures>
      limit={limit}
      heading="By cryptocurrency"
      rows={summary.payments.cryptocurrencies}
      what="cryptocurrencies"
      none={`No payments arrived in ${periodTitle(summary.period)}.`}
      columns={[
        // A short word in the email leaves a small phone's width to the amounts.
        {
          heading: useVariant() === 'email' ? 'Crypto' : 'Cryptocurrency',
          cell: (row) => row.cryptocurrency,
        },
        { heading: 'Payments', numeric: true, cell: (row) => formatCount(row.count) },
        amountColumn('Received', (row) => formatCrypto(row.amount, row.cryptocurrency)),
      ]}
    />
  );
}

/** Payments received per wallet; the address in a tooltip. */
export function WalletsTable({ summary, limit }: BreakdownProps) {
  const { payments } = summary;
  if (payments.wallets.length === 0) return null;
  return (
    <Breakdown<WalletFigures>
      limit={limit}
      heading="By wallet"
      rows={payments.wallets}
      what="wallets"
      columns={[
        {
          heading: 'Wallet',
          // A wallet may be named by its address, one word of 42 characters or more.
          looks: ['wrap', 'longWord'],
          cell: (row) => <ServiceText text={row.wallet.name} max={WALLET_NAME_SHOWN} />,
          title: (row) => row.wallet.address,
        },
        { heading: 'Blockchain', pageOnly: true, cell: (row) => <bdi>{row.wallet.blockchain}</bdi> },
        { heading: 'Payments', numeric: true, cell: (row) => formatCount(row.count) },
        amountColumn('Received', (row) => formatCrypto(row.amount, row.wallet.cryptocurrency), {
          keepWhole: true,
        }),
      ]}
    />
  );
}
