import type { Child } from 'hono/jsx';
import { look, type Variant } from './looks';

/**
 * Characters from which a value in a one-line column may wrap. Shorter ones (`27,832.028778 TRX`,
 * `INV-202610-000001`) stay on one line; a token amount to 18 decimals
 * (`12,345,678.123456789012345678 SHIB`) or an unusually long invoice uid would otherwise widen its
 * table past its box.
 */
export const LONG_VALUE_CHARACTERS = 22;

/** Whether a value is long enough to wrap (see `LONG_VALUE_CHARACTERS`), counted in characters people see. */
export const isLongValue = (text: string): boolean => Array.from(text).length >= LONG_VALUE_CHARACTERS;

/**
 * A value for a column that keeps its values on one line (an invoice uid; amounts have `AmountText`): a
 * long one may wrap, at its spaces first and then anywhere, so that it never needs a sideways scroll and
 * nothing of it is cut.
 */
export function WrapWhenLong({ variant, text }: { variant: Variant; text: string }): Child {
  if (!isLongValue(text)) return text;
  return <span {...look(variant, ['wrap', 'longWord'])}>{text}</span>;
}
