import { createHash } from 'node:crypto';
import type { Child } from 'hono/jsx';
import { CARD_BOXES, FOCUS_OUTLINE, PAGE_CSS, PageHeader, renderHtmlDocument } from '../../render';

/** What every page of the report API says at its top. */
export const SERVICE_NAME = 'Invoice reports';

/** The list's columns as shares of its width, so the months', quarters' and years' tables line up. */
const LIST_COLUMN_WIDTHS = ['17%', '12%', '9%', '9%', '11%', '12%', '13%', '17%'];

/**
 * The report page's style sheet plus the API pages' rules (the form, focus, the list's columns and the row
 * the form's answer leads to, the error page): a constant, never built from request data.
 */
const PAGES_CSS = `${PAGE_CSS}
.form-row{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-end;margin:0 0 4px}
.field{display:flex;flex-direction:column;gap:4px;flex:1 1 14rem;min-width:0;max-width:22rem}
.field-label{font-size:13px;font-weight:600;color:#374151}
.input{font:inherit;font-size:16px;line-height:1.4;padding:8px 10px;border:1px solid #6b7280;border-radius:8px;background:#ffffff;color:#111827;width:100%}
button.button{border:0;font:inherit;font-weight:600;line-height:1.4;cursor:pointer}
a:focus-visible,.input:focus-visible,button:focus-visible{${FOCUS_OUTLINE}}
.downloads{display:flex;flex-wrap:wrap;gap:2px 12px;justify-content:flex-end}
.second-line{display:block;flex-basis:100%;font-size:13px;font-weight:400;color:#4b5563}
@container (width >= ${CARD_BOXES.wide}px){
.report-list .table{table-layout:fixed;width:100%}
${LIST_COLUMN_WIDTHS.map((width, index) => `.report-list th:nth-child(${index + 1}){width:${width}}`).join('\n')}
.report-list .downloads{flex-direction:column;align-items:flex-start}
}
tr:has(.link:target)>td{background:#eff6ff}
.link:target{scroll-margin-top:16px}
.message{max-width:40rem}`;

/** The CSP source that lets exactly this style sheet apply (`'sha256-…'`), so the policy stays `default-src 'none'`. */
export function pagesStyleSource(): string {
  return `'sha256-${createHash('sha256').update(PAGES_CSS, 'utf8').digest('base64')}'`;
}

interface PageFrameProps {
  title: string;
  /** The small line above the heading: the service, or an account's name. */
  eyebrow: string;
  heading: string;
  subtitle?: Child;
  children?: Child;
}

/** A whole page of the report API: its one style sheet inline (allowed by its hash), no script, nothing fetched. */
export function renderPage({ title, eyebrow, heading, subtitle, children }: PageFrameProps): string {
  return renderHtmlDocument({
    title,
    css: PAGES_CSS,
    noindex: true,
    children: (
      <>
        <PageHeader eyebrow={eyebrow} heading={heading} subtitle={subtitle} />
        {children}
      </>
    ),
  });
}
