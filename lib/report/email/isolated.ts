/**
 * Text that a mail app lays out in its own direction without changing its neighbours': wrapped in
 * Unicode's FIRST STRONG ISOLATE (U+2068) and POP DIRECTIONAL ISOLATE (U+2069). A subject is plain text,
 * where `dir` has no place; a mail app that takes the subject's direction from its first letter reads
 * past an isolate, so an account named in Arabic no longer turns `October 2026 · 71,898.00 USD` around.
 */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}
