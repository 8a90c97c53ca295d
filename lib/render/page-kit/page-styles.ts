import { CHART_GRID } from './figures';
import { COLOURS, FONT, LOOKS, type Look, lookClass } from './looks';
import { CARD_BOXES, type CardBox, cardsClass } from './panel';

/** An axis label's line height: the top label's foot sits 2 px above its gridline, the middle one centred on its own. */
const AXIS_LINE_PX = 13;

/** How a page outlines what the keyboard has focused: in the links' blue, clear of the element's edge. */
export const FOCUS_OUTLINE = `outline:3px solid ${COLOURS.link};outline-offset:2px`;

/** Cards for a table too narrow for its box: each cell a line with its column's name (`data-label`); not in print. */
function cardsBelow(box: CardBox): string {
  const selector = `.${cardsClass(box)}`;
  return `@media screen{@container (width < ${CARD_BOXES[box]}px){
${selector} thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
${selector},${selector} tbody,${selector} tfoot,${selector} tr{display:block}
${selector} tbody{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,17rem),1fr));gap:8px}
${selector} tr{border:1px solid ${COLOURS.border};border-radius:8px;padding:6px 10px}
${selector} tfoot tr{margin:8px 0 0;background:${COLOURS.faint}}
${selector} td{display:flex;flex-wrap:wrap;justify-content:flex-end;column-gap:12px;padding:3px 0;border:0;text-align:right;white-space:normal;overflow-wrap:anywhere;min-width:0;max-width:none}
${selector} td::before{content:attr(data-label);content:attr(data-label) / '';margin-right:auto;text-align:left;color:${COLOURS.muted};font:400 13px/1.5 ${FONT}}
${selector} td[title]{text-decoration:none}
${selector} td:first-child{justify-content:flex-start;text-align:left;font-weight:600;color:${COLOURS.strong}}
${selector} td:first-child::before{content:none}
${selector} td.description{display:block;text-align:left;white-space:pre-line}
${selector} td.description::before{display:block}
${selector} td:empty{display:none}
}}`;
}

/** The page's whole style sheet, a constant never built from report data. */
export const PAGE_CSS = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
${(Object.keys(LOOKS) as Look[]).map((name) => `.${lookClass(name)}{${LOOKS[name]}}`).join('\n')}
.tiles{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));gap:12px;margin:0 0 16px}
.columns{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:0 16px;align-items:start}
.columns>.panel{min-width:0}
.panel{container-type:inline-size}
.keep{break-inside:avoid;page-break-inside:avoid}
.chart{display:block;width:100%;height:200px;overflow:visible}
.chart text{font-family:inherit;font-size:11px;fill:${COLOURS.muted}}
.chart-box{position:relative;font-size:11px}
.chart-box .axis-label{position:absolute;left:0;font-size:11px;line-height:${AXIS_LINE_PX}px;padding:0 4px 0 0;background:${COLOURS.surface};color:${COLOURS.muted}}
.axis-top{top:${CHART_GRID.top - AXIS_LINE_PX - 2}px}
.axis-middle{top:${(CHART_GRID.top + CHART_GRID.bottom) / 2 - Math.ceil(AXIS_LINE_PX / 2)}px;text-align:right}
.bar{fill:${COLOURS.bar}}
.bar-empty{fill:${COLOURS.emptyBar}}
.gridline{stroke:${COLOURS.border};stroke-width:1}
.baseline{stroke:${COLOURS.muted};stroke-width:1}
details>summary{cursor:pointer;color:${COLOURS.link};margin:10px 0 0;font-size:14px}
details[open]>summary{margin-bottom:8px}
.scroll:focus-visible{${FOCUS_OUTLINE}}
tbody tr:last-child td{border-bottom:0}
td[title],span[title]{text-decoration:underline dotted ${COLOURS.emptyBar};text-underline-offset:3px}
@media (hover:none){td[title],span[title]{text-decoration:none}}
@media (max-width:900px){.tiles{grid-template-columns:repeat(2,minmax(0,1fr))}.columns{grid-template-columns:minmax(0,1fr)}}
@media (max-width:600px){
.sheet{padding:16px 10px 24px}
.tiles{grid-template-columns:minmax(0,1fr)}
.title{font-size:24px}
.panel,.warning{padding:14px 12px}
.table{font-size:13px}
.th{white-space:normal}
}
${(Object.keys(CARD_BOXES) as CardBox[]).map(cardsBelow).join('\n')}
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
.th{letter-spacing:0;white-space:normal}
.number{white-space:normal}
.description{min-width:0;max-width:none}
thead{display:table-header-group}
tr{break-inside:avoid;page-break-inside:avoid}
details>summary{display:none}
}`;
