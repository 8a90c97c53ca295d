/** FIRST STRONG ISOLATE, POP DIRECTIONAL ISOLATE, and the other two isolate initiators (LRI, RLI). */
const FSI = '\u2068';
const PDI = '\u2069';
const LRI = '\u2066';
const RLI = '\u2067';

/** Printable ASCII only: no letter written right to left, no bidi control, nothing that can move a line. */
const PRINTABLE_ASCII = /^[\x20-\x7e\u2026]*$/;

/**
 * Text from outside (a name, a currency code, an invoice's uid) set apart from the line around it:
 * between Unicode's FIRST STRONG ISOLATE (U+2068) and POP DIRECTIONAL ISOLATE (U+2069) whenever it holds
 * anything but printable ASCII, whatever that is: a letter written right to left, a bidi control such as
 * U+202E RIGHT-TO-LEFT OVERRIDE, an invisible mark. Inside, it takes its direction from its own first
 * letter, and nothing in it reaches the line around it: an embedding or override it opens ends at the
 * isolate's end, as the Unicode bidi algorithm has it. Browsers and mail apps honour isolates in HTML
 * text as in plain text (a subject, the plain-text part), where `dir` has no place; a mail app that takes
 * a subject's direction from its first letter reads past one.
 *
 * What could break out is balanced first: a PDI of its own with no isolate open inside it would close
 * this one early (it is dropped), and an isolate it opens and never closes would take the rest of the
 * line in (it is closed). Printable ASCII is left as it is: it cannot move anything, and a subject in
 * ASCII stays plain for mail filters and older mail apps. One pass over the text.
 */
export function isolated(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  let open = 0;
  let kept = '';
  let from = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === FSI || char === LRI || char === RLI) open += 1;
    else if (char === PDI) {
      if (open > 0) open -= 1;
      else {
        kept += text.slice(from, index);
        from = index + 1;
      }
    }
  }
  kept += text.slice(from);
  return `${FSI}${kept}${PDI.repeat(open)}${PDI}`;
}
