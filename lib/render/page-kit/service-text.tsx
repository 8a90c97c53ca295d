import type { Child } from 'hono/jsx';
import { truncateText } from '../../report';

/** Longest wallet name shown; the workbook and the CSV files have it whole. */
export const WALLET_NAME_SHOWN = 60;
/** Longest description or reference shown in a cell; the workbook and the CSV files have it whole. */
export const FREE_TEXT_SHOWN = 80;
/** Longest text a cell's tooltip shows of a description or reference cut in the cell. */
export const TOOLTIP_SHOWN = 1_000;

/**
 * Text the service sent (a wallet's name, a description), cut to `max` characters and set apart in a
 * `<bdi>`: whatever it holds (letters written right to left, a bidi control such as U+202E), it cannot
 * reorder what stands beside it.
 */
export function ServiceText({ text, max }: { text: string; max: number }): Child {
  return <bdi>{truncateText(text, max)}</bdi>;
}

/** The tooltip of a cell that shows `text` cut to `shown` characters: more of it, or none when it is whole. */
export function longerText(text: string | null, shown: number): string | undefined {
  return text !== null && text.length > shown ? truncateText(text, TOOLTIP_SHOWN) : undefined;
}
