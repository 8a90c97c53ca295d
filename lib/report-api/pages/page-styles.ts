import { createHash } from 'node:crypto';
import { CARD_BOXES, FOCUS_OUTLINE, PAGE_CSS } from '../../render';

/**
 * The list of reports' columns as shares of its width, from Period to Downloads, so that the months',
 * quarters' and years' tables line up one under another instead of each sizing to its own values.
 */
const LIST_COLUMN_WIDTHS = ['17%', '12%', '9%', '9%', '11%', '12%', '13%', '17%'];

const LIST_COLUMNS = LIST_COLUMN_WIDTHS.map(
  (width, index) => `.report-list th:nth-child(${index + 1}){width:${width}}`,
).join('\n');

/**
 * What the report API's own pages add to the report page's style sheet: the form that asks for a period,
 * visible focus, the list of reports (its columns where it is a table, the row the form's answer leads
 * to), and the error page's short lines. A constant, never built from request data.
 */
const FORM_CSS = `.form-row{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-end;margin:0 0 4px}
.field{display:flex;flex-direction:column;gap:4px;flex:1 1 14rem;min-width:0;max-width:22rem}
.field-label{font-size:13px;font-weight:600;color:#374151}
.input{font:inherit;font-size:16px;line-height:1.4;padding:8px 10px;border:1px solid #6b7280;border-radius:8px;background:#ffffff;color:#111827;width:100%}
button.button{border:0;font:inherit;font-weight:600;line-height:1.4;cursor:pointer}
a:focus-visible,.input:focus-visible,button:focus-visible{${FOCUS_OUTLINE}}
.downloads{display:flex;flex-wrap:wrap;gap:2px 12px;justify-content:flex-end}
.second-line{display:block;flex-basis:100%;font-size:13px;font-weight:400;color:#4b5563}
@container (width >= ${CARD_BOXES.wide}px){
.report-list .table{table-layout:fixed;width:100%}
${LIST_COLUMNS}
.report-list .downloads{flex-direction:column;align-items:flex-start}
}
tr:has(.link:target)>td{background:#eff6ff}
.link:target{scroll-margin-top:16px}
.message{max-width:40rem}`;

/** The style sheet of every page the report API serves: the report page's, then the pages' own rules. */
export const PAGES_CSS = `${PAGE_CSS}\n${FORM_CSS}`;

/**
 * The Content-Security-Policy source that lets exactly this style sheet apply (`'sha256-…'`): the
 * pages need no other inline style, script or request, so the API's policy stays `default-src 'none'`.
 */
export function pagesStyleSource(): string {
  return `'sha256-${createHash('sha256').update(PAGES_CSS, 'utf8').digest('base64')}'`;
}
