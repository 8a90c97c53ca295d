import { createContext, useContext } from 'hono/jsx';

// One set of visual roles for both renderings of a report: the page turns each into a CSS class (so it
// can add phone and print rules), the email writes it inline (Gmail and Outlook strip `<style>` for layout).

export type Variant = 'page' | 'email';

/** The variant the report's components render: the page's, unless the email's body provides `email`. */
export const VariantContext = createContext<Variant>('page');
export const useVariant = (): Variant => useContext(VariantContext);

export const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

export const COLOURS = {
  text: '#1f2937',
  strong: '#111827',
  // Dark enough for small text on the page's grey background (WCAG AA: 4.5:1 and more).
  muted: '#4b5563',
  border: '#e5e7eb',
  faint: '#f3f4f6',
  surface: '#ffffff',
  background: '#f3f4f6',
  bar: '#2563eb',
  emptyBar: '#d1d5db',
  up: '#047857',
  down: '#b91c1c',
  attention: '#b45309',
  link: '#1d4ed8',
} as const;

export const LOOKS = {
  document: `margin:0;padding:0;background:${COLOURS.background};color:${COLOURS.text};font-family:${FONT};font-size:15px;line-height:1.5`,
  sheet: 'max-width:1160px;margin:0 auto;padding:24px 16px 32px',
  // The account's name may be one long word (up to 100 characters): it breaks rather than widen a phone's page.
  eyebrow: `margin:0;font-size:13px;font-weight:600;letter-spacing:0.04em;text-transform:uppercase;color:${COLOURS.muted};overflow-wrap:anywhere`,
  title: `margin:2px 0 0;font-size:28px;line-height:1.2;font-weight:700;color:${COLOURS.strong}`,
  subtitle: `margin:4px 0 0;font-size:14px;color:${COLOURS.muted}`,
  header: 'margin:0 0 16px',
  panel: `background:${COLOURS.surface};border:1px solid ${COLOURS.border};border-radius:10px;padding:16px 18px;margin:0 0 16px`,
  warning:
    'background:#fff7ed;border:1px solid #fdba74;border-left:5px solid #ea580c;border-radius:10px;padding:16px 18px;margin:0 0 16px;color:#7c2d12',
  notice: `background:${COLOURS.surface};border:1px solid ${COLOURS.border};border-radius:10px;padding:20px 18px;margin:0 0 16px;font-size:17px;font-weight:600;color:${COLOURS.strong}`,
  agree: `margin:0 0 16px;font-size:14px;color:${COLOURS.up}`,
  heading: `margin:0 0 12px;font-size:17px;line-height:1.3;font-weight:600;color:${COLOURS.strong}`,
  warningHeading: 'margin:0 0 8px;font-size:17px;line-height:1.3;font-weight:700;color:#9a3412',
  paragraph: 'margin:0 0 10px',
  lead: `margin:0 0 10px;font-size:13px;color:${COLOURS.muted}`,
  note: `margin:10px 0 0;font-size:13px;color:${COLOURS.muted}`,
  // A quieter line inside a cell: how an estimate was made, why no invoice is likely.
  muted: `font-size:13px;color:${COLOURS.muted}`,
  scroll: 'overflow-x:auto',
  table: 'width:100%;border-collapse:collapse;font-size:14px',
  th: `text-align:left;font-size:12px;font-weight:600;letter-spacing:0.03em;text-transform:uppercase;color:${COLOURS.muted};padding:6px;border-bottom:1px solid ${COLOURS.border};white-space:nowrap;vertical-align:bottom`,
  td: `padding:7px 6px;border-bottom:1px solid ${COLOURS.faint};vertical-align:top`,
  totalCell: `font-weight:600;border-top:2px solid ${COLOURS.border};border-bottom:0`,
  number: 'text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums',
  nowrap: 'white-space:nowrap',
  code: `font-family:${MONO};font-size:0.9em`,
  // The short id beside a project's name: for the people who need it, quieter than the name.
  shortId: `font-family:${MONO};font-size:0.85em;color:${COLOURS.muted};white-space:nowrap`,
  description: 'white-space:pre-line;overflow-wrap:anywhere;min-width:9em;max-width:28em',
  // A value of any length wraps at its spaces rather than widen its table; after `number` and `nowrap`, to win.
  wrap: 'white-space:normal',
  // A value that may be one long word (JSON, a URL): it breaks anywhere rather than widen its table.
  longWord: 'overflow-wrap:anywhere',
  tile: `background:${COLOURS.surface};border:1px solid ${COLOURS.border};border-radius:10px;padding:14px 16px`,
  tileLabel: `font-size:12px;font-weight:600;letter-spacing:0.04em;text-transform:uppercase;color:${COLOURS.muted}`,
  // A total of 13 digits is wider than a tile: it breaks rather than run under the next tile.
  tileValue: `margin:4px 0 0;font-size:24px;line-height:1.25;font-weight:700;color:${COLOURS.strong};font-variant-numeric:tabular-nums;overflow-wrap:anywhere`,
  tileDetail: `margin:4px 0 0;font-size:13px;color:${COLOURS.muted}`,
  up: `color:${COLOURS.up}`,
  down: `color:${COLOURS.down}`,
  attention: `color:${COLOURS.attention}`,
  differs: 'color:#9a3412;font-weight:700',
  link: `color:${COLOURS.link};text-decoration:underline`,
  button: `display:inline-block;background:${COLOURS.bar};color:#ffffff;font-weight:600;text-decoration:none;padding:10px 18px;border-radius:8px`,
  footer: `margin:8px 0 0;font-size:12px;color:${COLOURS.muted}`,
} as const;

export type Look = keyof typeof LOOKS;

/** The CSS class of a role: `tileValue` → `tile-value`. */
export const lookClass = (name: Look): string =>
  name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** An element's roles: classes on the page, inline declarations in the email; `extra` is inline in both. */
export function look(names: Look | Look[], extra?: string): { class?: string; style?: string } {
  const list = Array.isArray(names) ? names : [names];
  if (useVariant() === 'page') return { class: list.map(lookClass).join(' '), style: extra };
  return { style: [...list.map((name) => LOOKS[name]), extra].filter(Boolean).join(';') };
}
