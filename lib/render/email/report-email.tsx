import { counted, periodTitle, type Report, type ReportSummary } from '../../report';
import {
  COLOURS,
  EMAIL_PANEL_PADDING,
  headlineFigures,
  LayoutTable,
  LOOKS,
  look,
  ReportContent,
  renderToHtml,
  VariantContext,
} from '../page-kit';
import {
  attachedInWords,
  checkEmailOptions,
  emailFiles,
  type ReportEmailOptions,
  reportSubject,
} from './email-words';

/** The button to the full report, the files (attached, or links when too large) and all reports. */
function LinksPanel({ summary, options }: { summary: ReportSummary; options: ReportEmailOptions }) {
  const files = emailFiles(summary, options);
  const attached = options.attachmentsIncluded;
  return (
    <div {...look('panel', EMAIL_PANEL_PADDING)}>
      <p style="margin:0 0 12px">
        <a href={options.links.report} style={LOOKS.button}>
          Open the full report
        </a>
      </p>
      <p style="margin:0">
        {attached
          ? `${attachedInWords(files)} Also online: `
          : 'The files are too large to attach. Download them here: '}
        {files.map((file, index) => (
          <>
            <a href={file.link} style={LOOKS.link}>
              {file.name}
            </a>
            {attached ? (index < 2 ? ' · ' : '') : ` (${file.holds})${index < 2 ? ' · ' : '.'}`}
          </>
        ))}
      </p>
      <p style="margin:12px 0 0">
        <a href={options.links.allReports} style={LOOKS.link}>
          All reports
        </a>
        {': every month, quarter and year kept for this account, and a form to ask for another.'}
      </p>
    </div>
  );
}

/** The inbox preview: what the subject leaves out (the change, the payments to look at, the reconciliation). */
function preview(summary: ReportSummary): string {
  const [paidTotal, , , payments] = headlineFigures(summary);
  const failing = summary.reconciliation.checks.filter((check) => !check.ok).length;
  return [
    paidTotal?.details[0]?.text,
    payments?.details[1]?.text,
    summary.reconciliation.ok ? 'statistics agree' : `figures differ in ${counted(failing, 'check')}`,
  ]
    .filter((part) => part !== undefined)
    .join(' · ');
}

/** The email's HTML body: the report's content in its email-safe form (inline styles, no SVG), and its links. */
export function renderReportEmail(report: Report, options: ReportEmailOptions): string {
  const checked = checkEmailOptions(options);
  const { summary } = report;
  // Every component below renders its email variant.
  const body = (
    <VariantContext.Provider value="email">
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="x-apple-disable-message-reformatting" content="" />
          <title>{reportSubject(summary)}</title>
        </head>
        <body style={LOOKS.document}>
          {/* The preheader: some mail apps show it beside the subject; hidden in the message itself. */}
          <div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:#f3f4f6">
            {preview(summary)}
          </div>
          <LayoutTable
            bgcolor={COLOURS.background}
            style={`width:100%;border-collapse:collapse;background-color:${COLOURS.background}`}
          >
            <tr>
              <td align="center" style="padding:16px 4px">
                <LayoutTable style="width:100%;max-width:640px;border-collapse:collapse">
                  <tr>
                    {/* biome-ignore lint/a11y/useSemanticElements: a <main> element is not one that every mail app keeps; a role on the layout's cell is. */}
                    <td role="main" style={`text-align:left;${LOOKS.document};background:none`}>
                      <ReportContent
                        report={report}
                        afterHeadline={<LinksPanel summary={summary} options={checked} />}
                        fileNames={checked.fileNames}
                        beforeFooter={
                          // A period without a paid invoice has no list to point at.
                          summary.invoices.paid === 0 ? null : (
                            <p style={LOOKS.footer}>
                              {`The list of paid invoices of ${periodTitle(summary.period)} is in ${checked.fileNames.paidInvoicesCsv} and in the `}
                              <a href={checked.links.report} style={LOOKS.link}>
                                full report
                              </a>
                              .
                            </p>
                          )
                        }
                      />
                    </td>
                  </tr>
                </LayoutTable>
              </td>
            </tr>
          </LayoutTable>
        </body>
      </html>
    </VariantContext.Provider>
  );
  return `<!doctype html>\n${renderToHtml(body)}`;
}
