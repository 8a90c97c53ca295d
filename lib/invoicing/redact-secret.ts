import { decodeHTML } from 'entities';
import { encodedSpans } from './secret-encodings';

const REDACTED = '[redacted]';

/** Secrets at least this long are removed wherever they appear; a shorter one could be part of a word. */
const ALWAYS_REDACTED_LENGTH = 12;

/**
 * Layers of encoding looked through: enough for a key percent-encoded inside a JSON string inside an
 * HTML page, the deepest a service plausibly echoes one.
 */
const MAX_LAYERS = 3;

/** The characters that start an escape this module reads; text without them holds the secret only as is. */
const ESCAPE_STARTS = /[\\&%]/;

/**
 * Text read as a sequence of characters, each with the span of the original text it was written as.
 * Layer 0 is the text itself; each further layer decodes every escape of the one below.
 */
interface Layer {
  chars: string[];
  starts: number[];
  ends: number[];
}

/** An escape found in a layer: the character it writes and how many of the layer's characters it takes. */
interface Escape {
  char: string;
  length: number;
}

/**
 * Removes `secret` from `text`, in every form a service could echo it back in: as sent, JSON-escaped
 * (`sk_live\/AbC`, `\u0041`), as HTML character references (`&sol;`, `&#47;`, `&#x2F;`, with or without
 * the semicolon), percent-encoded in either case (`%2F`, `%2f`), any mixture of these from one character
 * to the next, up to three of them nested (`%255C%252F`), reversed, and encoded in base64 (either
 * alphabet), base32 or hex (see `encodedSpans`; a secret of 12 characters or more), as is or itself
 * written with those escapes. The
 * service's failure answers are not shown in the spec, and some services echo the request (headers
 * included) back in an error page.
 *
 * A long secret goes wherever it appears. A short one (a test key such as `x`) goes only where it stands
 * on its own, not inside a longer run of letters and digits, so a message about `expected` stays legible.
 *
 * Written here because no maintained library finds an encoded string and maps it back to the text it came
 * from; `entities` decodes the HTML references. The API key is printable ASCII without spaces (the client's
 * options require it), so only escapes that decode to ASCII are read.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || !text) return text;
  const reversed = [...secret].reverse().join('');
  const secrets = reversed === secret ? [secret] : [secret, reversed];
  const spans = secrets.flatMap((each) => encodedSpans(text, each));
  if (spans.length === 0 && !ESCAPE_STARTS.test(text) && !secrets.some((each) => text.includes(each))) {
    return text;
  }
  let layer = literalLayer(text);
  for (let depth = 0; ; depth += 1) {
    for (const each of secrets) findSecret(layer, each, spans);
    if (depth === MAX_LAYERS || !ESCAPE_STARTS.test(layer.chars.join(''))) break;
    const next = decodeLayer(layer);
    if (next.chars.length === layer.chars.length) break;
    layer = next;
    // Encoded text has escapes of its own to undo: PHP's json_encode writes base64's `/` as `\/`, and
    // a query string its `+`, `/` and `=` as `%2B`, `%2F` and `%3D`.
    const decoded = layer.chars.join('');
    for (const [start, end] of secrets.flatMap((each) => encodedSpans(decoded, each))) {
      spans.push([layer.starts[start] as number, layer.ends[end - 1] as number]);
    }
  }
  return replaceSpans(text, spans);
}

function literalLayer(text: string): Layer {
  const chars = text.split('');
  return { chars, starts: chars.map((_, index) => index), ends: chars.map((_, index) => index + 1) };
}

/** Adds the original spans of every occurrence of `secret` in `layer`, each character as is or escaped. */
function findSecret(layer: Layer, secret: string, spans: [number, number][]): void {
  const { chars, starts, ends } = layer;
  const alone = secret.length < ALWAYS_REDACTED_LENGTH;
  for (let start = 0; start < chars.length; start += 1) {
    const end = matchFrom(chars, start, secret, 0);
    if (end === undefined) continue;
    if (alone && (isWordChar(chars[start - 1]) || isWordChar(chars[end]))) continue;
    spans.push([starts[start] as number, ends[end - 1] as number]);
    start = end - 1;
  }
}

/** Where a match of `secret[from..]` starting at `index` ends, trying each character as is, then escaped. */
function matchFrom(chars: string[], index: number, secret: string, from: number): number | undefined {
  if (from === secret.length) return index;
  const wanted = secret[from];
  if (chars[index] === wanted) {
    const end = matchFrom(chars, index + 1, secret, from + 1);
    if (end !== undefined) return end;
  }
  const found = escapeAt(chars, index);
  if (found && found.char === wanted) return matchFrom(chars, index + found.length, secret, from + 1);
  return undefined;
}

const isWordChar = (char: string | undefined): boolean => char !== undefined && /^[A-Za-z0-9]$/.test(char);

/** The layer above: every escape of `layer` decoded, every other character kept. */
function decodeLayer(layer: Layer): Layer {
  const next: Layer = { chars: [], starts: [], ends: [] };
  for (let index = 0; index < layer.chars.length; ) {
    const found = escapeAt(layer.chars, index);
    const length = found?.length ?? 1;
    next.chars.push(found ? found.char : (layer.chars[index] as string));
    next.starts.push(layer.starts[index] as number);
    next.ends.push(layer.ends[index + length - 1] as number);
    index += length;
  }
  return next;
}

const HEX = /^[0-9A-Fa-f]$/;
const SIMPLE_JSON_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** The escape that starts at `index`, if one does and it writes an ASCII character. */
function escapeAt(chars: string[], index: number): Escape | undefined {
  const first = chars[index];
  if (first === '\\') return backslashEscapeAt(chars, index);
  if (first === '%') return hexEscapeAt(chars, index + 1, 2, 1);
  if (first === '&') return htmlReferenceAt(chars, index);
  return undefined;
}

/** `\/`, `\"`, `\\` and the other JSON escapes, `\uXXXX`, and `\xXX` as JavaScript writes it. */
function backslashEscapeAt(chars: string[], index: number): Escape | undefined {
  const kind = chars[index + 1];
  if (kind === undefined) return undefined;
  const simple = SIMPLE_JSON_ESCAPES[kind];
  if (simple !== undefined) return { char: simple, length: 2 };
  if (kind === 'u') return hexEscapeAt(chars, index + 2, 4, 2);
  if (kind === 'x') return hexEscapeAt(chars, index + 2, 2, 2);
  return undefined;
}

/** `digits` hexadecimal digits from `from` writing an ASCII character, after a `prefix` of that length. */
function hexEscapeAt(chars: string[], from: number, digits: number, prefix: number): Escape | undefined {
  let code = 0;
  for (let offset = 0; offset < digits; offset += 1) {
    const char = chars[from + offset];
    if (char === undefined || !HEX.test(char)) return undefined;
    code = code * 16 + Number.parseInt(char, 16);
  }
  return code < 0x80 ? { char: String.fromCharCode(code), length: prefix + digits } : undefined;
}

/** Longest HTML character reference read: `&` and the longest name of the HTML standard, with `;`. */
const MAX_REFERENCE_LENGTH = 34;
/** A numeric reference's digits, leading zeros included, are read up to this many. */
const MAX_REFERENCE_DIGITS = 64;

/** `&sol;`, `&#47;`, `&#x2F;` (any case, leading zeros, `;` optional), as HTML decodes them in text. */
function htmlReferenceAt(chars: string[], index: number): Escape | undefined {
  let candidate = '&';
  const numeric = chars[index + 1] === '#';
  const limit = numeric ? MAX_REFERENCE_DIGITS + 4 : MAX_REFERENCE_LENGTH;
  for (let offset = 1; offset < limit; offset += 1) {
    const char = chars[index + offset];
    if (char === undefined || char.length !== 1) break;
    candidate += char;
    if (char === ';') break;
    if (!/[A-Za-z0-9#]/.test(char)) {
      candidate = candidate.slice(0, -1);
      break;
    }
  }
  const decoded = decodeHTML(candidate);
  if (decoded === candidate) return undefined;
  const char = decoded.charAt(0);
  // What the reference did not take comes out as it went in: `&ampx` decodes to `&x`.
  const rest = decoded.slice(1);
  if (char.charCodeAt(0) >= 0x80 || !candidate.endsWith(rest)) return undefined;
  return { char, length: candidate.length - rest.length };
}

/** `text` with each span (overlapping ones merged) replaced by the redaction mark. */
function replaceSpans(text: string, spans: [number, number][]): string {
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let result = '';
  let copiedTo = 0;
  let open: [number, number] | undefined;
  for (const span of spans) {
    if (open && span[0] <= open[1]) {
      open[1] = Math.max(open[1], span[1]);
      continue;
    }
    if (open) {
      result += `${text.slice(copiedTo, open[0])}${REDACTED}`;
      copiedTo = open[1];
    }
    open = [span[0], span[1]];
  }
  if (open) result += `${text.slice(copiedTo, open[0])}${REDACTED}`;
  return result + text.slice(open ? open[1] : copiedTo);
}
