/** A letter of a script written right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko and their neighbours. */
const RIGHT_TO_LEFT_LETTER =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/**
 * Text that a mail app lays out in its own direction without changing its neighbours': when it holds a
 * right-to-left letter, wrapped in Unicode's FIRST STRONG ISOLATE (U+2068) and POP DIRECTIONAL ISOLATE
 * (U+2069). A subject is plain text, where `dir` has no place; a mail app that takes the subject's
 * direction from its first letter reads past an isolate, so an account named in Arabic no longer turns
 * `October 2026 · 71,898.00 USD` around. Other text is left as it is: isolates would change nothing there,
 * and would make every subject non-ASCII for mail filters and older mail apps.
 */
export function isolated(text: string): string {
  return RIGHT_TO_LEFT_LETTER.test(text) ? `\u2068${text}\u2069` : text;
}
