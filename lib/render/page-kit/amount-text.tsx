import type { Child } from 'hono/jsx';
import { look, type Variant } from './looks';
import { isLongValue } from './wrap-when-long';

/** An amount as the formatters write it: its figure, a space (a no-break space when signed), its code. */
const AMOUNT = /^(\S+)([ \u00a0])(\S+)$/;

/**
 * A figure with a break opportunity (`<wbr>`) after each group separator, `1,234,<wbr>567.89`: a line
 * breaks there only when the figure does not fit, and the text stays the same to copy, search or
 * read aloud (a zero-width space would not).
 */
function breakableFigure(figure: string): Child[] {
  return figure.split(/(?<=,)/).flatMap((group, index) => (index === 0 ? [group] : [<wbr />, group]));
}

interface AmountTextProps {
  variant: Variant;
  /** The amount as `formatUSD`, `formatFiat`, `formatCrypto` or a signed formatter writes it. */
  text: string;
  /**
   * In the email, keep a short amount on one line: for a column beside names that can wrap (a project,
   * a wallet, an invoice), whose width the email's table would otherwise give to the names and leave
   * the code alone on a line. Beside codes and counts only, an amount gets all the width there is, and
   * wraps before its code only where the two do not fit on one line.
   * @default false
   */
  keepWhole?: boolean;
}

/**
 * An amount in a table cell or a headline tile, on one line with its code where they fit. On the page
 * a short one (under `LONG_VALUE_CHARACTERS`) stays on one line (its cell's `number` role; a card or a
 * tile has the width); a long one, and any in the email unless `keepWhole`, may wrap before its code
 * and after its group separators (`1,234,567,890,` over `123.45 EUR`), never after a digit, so that a
 * 13-digit amount fits a 360 px phone; a long one anywhere as a last resort. Any other text (a count)
 * is shown as it is. The text is always exactly the formatter's.
 */
export function AmountText({ variant, text, keepWhole = false }: AmountTextProps): Child {
  const long = isLongValue(text);
  if (!long && variant === 'page') return text;
  if (!long && keepWhole) return <span {...look(variant, 'nowrap')}>{text}</span>;
  const parts = AMOUNT.exec(text);
  const breakable = parts ? [...breakableFigure(parts[1]!), `${parts[2]}${parts[3]}`] : [text];
  return long ? <span {...look(variant, ['wrap', 'longWord'])}>{breakable}</span> : breakable;
}
