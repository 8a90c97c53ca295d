import type { InvoiceItem } from '../../invoicing';
import {
  FIRST_PAID_INVOICES_SHOWN,
  formatCount,
  formatCrypto,
  formatFiat,
  formatServiceDatetime,
  formatUSD,
  type Report,
} from '../../report';
import { AmountText } from './amount-text';
import { DataTable } from './data-table';
import type { Variant } from './looks';
import { Lead, Panel } from './panel';
import { ProjectLabel } from './project-label';
import { FREE_TEXT_SHOWN, longerText, ServiceText } from './service-text';
import { WrapWhenLong } from './wrap-when-long';

/** The first paid invoices of the period in order of creation, and where to find the rest. */
export function PaidInvoices({ variant, report }: { variant: Variant; report: Report }) {
  const { timezone } = report.summary.period;
  const paid = report.summary.invoices.paid;
  const shown = report.firstPaidInvoices.slice(0, FIRST_PAID_INVOICES_SHOWN);
  if (shown.length === 0) return null;
  const pointer =
    paid > shown.length
      ? `The first ${formatCount(shown.length)} of ${formatCount(paid)} paid invoices, in order of creation. paid-invoices.csv lists all ${formatCount(paid)}. Times in ${timezone}.`
      : `All ${formatCount(paid)} paid invoices, in order of creation; also in paid-invoices.csv. Times in ${timezone}.`;
  const heading = 'Paid invoices';
  return (
    <Panel variant={variant} heading={heading} long>
      <Lead variant={variant}>{pointer}</Lead>
      <DataTable<InvoiceItem>
        variant={variant}
        name={heading}
        cards="wide"
        rows={shown}
        columns={[
          {
            heading: 'Created',
            looks: ['nowrap'],
            cell: (row) => formatServiceDatetime(row.createDatetime, timezone),
          },
          {
            heading: 'Invoice',
            looks: ['nowrap'],
            cell: (row) => <WrapWhenLong variant={variant} text={row.uid} />,
            title: (row) => row.id,
          },
          {
            heading: 'Project',
            looks: ['longWord'],
            cell: (row) => (
              <ProjectLabel variant={variant} names={report.summary.projectNames} id={row.projectId} />
            ),
          },
          {
            heading: 'Amount',
            numeric: true,
            cell: (row) => (
              <AmountText variant={variant} text={formatFiat(row.amountFiat, row.currencyFiat)} />
            ),
          },
          {
            heading: 'USD',
            numeric: true,
            cell: (row) => <AmountText variant={variant} text={formatUSD(row.amountFiatUSD)} />,
          },
          {
            heading: 'Paid with',
            numeric: true,
            cell: (row) =>
              row.payment && row.wallet ? (
                <AmountText
                  variant={variant}
                  text={formatCrypto(row.payment.amount, row.wallet.cryptocurrency)}
                />
              ) : (
                ''
              ),
          },
          {
            heading: 'Your reference',
            looks: ['code', 'longWord'],
            cell: (row) => <ServiceText text={row.serviceData ?? ''} max={FREE_TEXT_SHOWN} />,
            title: (row) => longerText(row.serviceData, FREE_TEXT_SHOWN),
          },
          {
            heading: 'Description',
            looks: ['description'],
            cell: (row) => <ServiceText text={row.description ?? ''} max={FREE_TEXT_SHOWN} />,
            title: (row) => longerText(row.description, FREE_TEXT_SHOWN),
          },
        ]}
      />
    </Panel>
  );
}
