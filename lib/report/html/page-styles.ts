import { COLOURS, LOOKS, type Look, lookClass } from './looks';

const roles = (Object.keys(LOOKS) as Look[]).map((name) => `.${lookClass(name)}{${LOOKS[name]}}`).join('\n');

/**
 * The page's whole style sheet: the shared roles as classes, then what only a browser page has —
 * layout grids, a single column on phones, tables that scroll inside their own box, and print rules.
 * A constant, never built from report data.
 */
export const PAGE_CSS = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
${roles}
.tiles{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:12px;margin:0 0 16px}
.columns{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:0 16px;align-items:start}
.columns>.panel{min-width:0}
.keep{break-inside:avoid;page-break-inside:avoid}
.chart{display:block;width:100%;height:200px;overflow:visible}
.chart text{font-family:inherit;font-size:11px;fill:${COLOURS.muted}}
.chart .axis-label{paint-order:stroke;stroke:${COLOURS.surface};stroke-width:3px;stroke-linejoin:round}
.bar{fill:${COLOURS.bar}}
.bar-empty{fill:${COLOURS.emptyBar}}
.gridline{stroke:${COLOURS.border};stroke-width:1}
.baseline{stroke:${COLOURS.muted};stroke-width:1}
details>summary{cursor:pointer;color:${COLOURS.link};margin:10px 0 0;font-size:14px}
details[open]>summary{margin-bottom:8px}
tbody tr:last-child td{border-bottom:0}
td[title],span[title]{text-decoration:underline dotted ${COLOURS.emptyBar};text-underline-offset:3px}
@media (max-width:900px){.tiles{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (max-width:600px){
.sheet{padding:16px 10px 24px}
.tiles,.columns{grid-template-columns:minmax(0,1fr)}
.title{font-size:24px}
.panel,.warning{padding:14px 12px}
.table{font-size:13px}
}
@media print{
@page{margin:12mm}
.document{background:none;font-size:10pt}
.sheet{max-width:none;padding:0}
.panel,.tile,.warning,.notice{border-color:#bbb;break-inside:avoid;page-break-inside:avoid}
.panel,.warning{padding:10px 12px;margin-bottom:10px}
.panel.long{break-inside:auto;page-break-inside:auto}
.tiles{grid-template-columns:repeat(4,minmax(0,1fr));gap:8px}
.tile{padding:8px 10px}
.tile-value{font-size:15pt}
.columns{grid-template-columns:minmax(0,1fr)}
.scroll{overflow:visible}
.table{font-size:8pt}
.th,.td{padding:3px 3px}
.th{letter-spacing:0}
.description{min-width:0;max-width:none}
thead{display:table-header-group}
tr{break-inside:avoid;page-break-inside:avoid}
details>summary{display:none}
}`;
