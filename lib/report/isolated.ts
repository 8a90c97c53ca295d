const FSI = '\u2068';
const PDI = '\u2069';
const LRI = '\u2066';
const RLI = '\u2067';

const PRINTABLE_ASCII = /^[\x20-\x7e\u2026]*$/;

/**
 * Text from outside (a name, a code, a uid) between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE
 * when it holds anything but printable ASCII: nothing in it (a right-to-left letter, U+202E) can then
 * reorder the line around it, in HTML or plain text (a subject) alike. What could break out is balanced
 * first: a stray PDI is dropped, an isolate left open is closed. ASCII stays plain for mail filters.
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
