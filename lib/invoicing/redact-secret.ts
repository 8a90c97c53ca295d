import { decodeHTML } from 'entities';
import { base32, base32hex } from 'rfc4648';

const REDACTED = '[redacted]';

/** Secrets this long go wherever they appear, encoded too; a shorter one may be part of a word. */
const ALWAYS_REDACTED_LENGTH = 12;

/** Layers of escapes looked through: a key percent-encoded in a JSON string in an HTML page. */
const MAX_LAYERS = 3;

/** The characters that start an escape this module reads; text without them holds the secret only as is. */
const ESCAPE_STARTS = /[\\&%]/;

/** Text with escapes decoded, each character with the span of the original it was written as. */
type Layer = { text: string; starts: number[]; ends: number[] };

/**
 * Removes `secret` from `text` in every form a service could echo it in (the spec does not show failure
 * answers): as sent, JSON-escaped, HTML references, percent-encoded, mixed, up to three nested
 * (`%255C%252F`), reversed, and in base64, base32 or hex (12 characters or more). A short secret (a test
 * key `x`) goes only where it stands alone. No maintained library maps an encoded string back to its
 * source; the key is printable ASCII (the options require it), so only escapes to ASCII are read.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || !text) return text;
  const reversed = [...secret].reverse().join('');
  const secrets = reversed === secret ? [secret] : [secret, reversed];
  const spans = secrets.flatMap((each) => encodedSpans(text, each));
  if (spans.length === 0 && !ESCAPE_STARTS.test(text) && !secrets.some((each) => text.includes(each))) {
    return text;
  }
  const offsets = Array.from({ length: text.length }, (_, i) => i);
  let layer: Layer = { text, starts: offsets, ends: offsets.map((i) => i + 1) };
  for (let depth = 0; ; depth += 1) {
    for (const each of secrets) findSecret(layer, each, spans);
    if (depth === MAX_LAYERS || !ESCAPE_STARTS.test(layer.text)) break;
    const next = decodeLayer(layer);
    if (next.text.length === layer.text.length) break;
    layer = next;
    // Encoded text has escapes of its own: json_encode writes base64's `/` as `\/`, a query its `+` as `%2B`.
    for (const [start, end] of secrets.flatMap((each) => encodedSpans(next.text, each))) {
      spans.push([next.starts[start]!, next.ends[end - 1]!]);
    }
  }
  return replaceSpans(text, spans);
}

/** Adds the original spans of every occurrence of `secret` in `layer`, each character as is or escaped. */
function findSecret({ text, starts, ends }: Layer, secret: string, spans: [number, number][]): void {
  const alone = secret.length < ALWAYS_REDACTED_LENGTH;
  for (let start = 0; start < text.length; start += 1) {
    const end = matchFrom(text, start, secret, 0);
    if (end === undefined) continue;
    if (alone && (isWordChar(text[start - 1]) || isWordChar(text[end]))) continue;
    spans.push([starts[start]!, ends[end - 1]!]);
    start = end - 1;
  }
}

/** Where a match of `secret[from..]` starting at `index` ends, trying each character as is, then escaped. */
function matchFrom(text: string, index: number, secret: string, from: number): number | undefined {
  if (from === secret.length) return index;
  const wanted = secret[from];
  if (text[index] === wanted) {
    const end = matchFrom(text, index + 1, secret, from + 1);
    if (end !== undefined) return end;
  }
  const found = escapeAt(text, index);
  if (found && found.char === wanted) return matchFrom(text, index + found.length, secret, from + 1);
  return undefined;
}

const isWordChar = (char: string | undefined): boolean => char !== undefined && /^[A-Za-z0-9]$/.test(char);

function decodeLayer(layer: Layer): Layer {
  const chars: string[] = [];
  const next: Layer = { text: '', starts: [], ends: [] };
  for (let index = 0; index < layer.text.length; ) {
    const found = escapeAt(layer.text, index);
    const length = found?.length ?? 1;
    chars.push(found?.char ?? layer.text[index]!);
    next.starts.push(layer.starts[index]!);
    next.ends.push(layer.ends[index + length - 1]!);
    index += length;
  }
  next.text = chars.join('');
  return next;
}

/** `%XX`, JSON's `\uXXXX` and `\"`-style escapes, and `\xXX`. */
const ESCAPE = /%([0-9A-Fa-f]{2})|\\(?:u([0-9A-Fa-f]{4})|x([0-9A-Fa-f]{2})|(["\\/bfnrt]))/y;
const CONTROL_ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** The escape at `index` that writes an ASCII character, and how many characters it takes. */
function escapeAt(text: string, index: number): { char: string; length: number } | undefined {
  const first = text[index];
  if (first === '&') return htmlReferenceAt(text, index);
  if (first !== '%' && first !== '\\') return undefined;
  ESCAPE.lastIndex = index;
  const match = ESCAPE.exec(text);
  if (!match) return undefined;
  const [written, percent, unicode, hex, simple] = match;
  if (simple !== undefined) return { char: CONTROL_ESCAPES[simple] ?? simple, length: 2 };
  const code = Number.parseInt((percent ?? unicode ?? hex)!, 16);
  return code < 0x80 ? { char: String.fromCharCode(code), length: written.length } : undefined;
}

/** Longest named reference read: `&` and the longest name of the HTML standard, with `;`. */
const MAX_REFERENCE_LENGTH = 34;
/** A numeric reference's digits, leading zeros included, are read up to this many. */
const MAX_REFERENCE_DIGITS = 64;

/** `&sol;`, `&#47;`, `&#x2F;` (any case, leading zeros, `;` optional), as HTML decodes them in text. */
function htmlReferenceAt(text: string, index: number): { char: string; length: number } | undefined {
  const limit = text[index + 1] === '#' ? MAX_REFERENCE_DIGITS + 4 : MAX_REFERENCE_LENGTH;
  const candidate = /^&[A-Za-z0-9#]*;?/.exec(text.slice(index, index + limit))![0];
  const decoded = decodeHTML(candidate);
  if (decoded === candidate) return undefined;
  const char = decoded.charAt(0);
  // What the reference did not take comes out as it went in: `&ampx` decodes to `&x`.
  const rest = decoded.slice(1);
  if (char.charCodeAt(0) >= 0x80 || !candidate.endsWith(rest)) return undefined;
  return { char, length: candidate.length - rest.length };
}

/** `text` with each span replaced by the redaction mark, spans that overlap or touch merged into one. */
function replaceSpans(text: string, spans: [number, number][]): string {
  spans.sort((a, b) => a[0] - b[0]);
  let result = '';
  let copiedTo = -1;
  for (const [start, end] of spans) {
    if (start > copiedTo) result += `${text.slice(Math.max(copiedTo, 0), start)}${REDACTED}`;
    copiedTo = Math.max(copiedTo, end);
  }
  return result + text.slice(Math.max(copiedTo, 0));
}

/**
 * An encoding that writes `groupBytes` bytes as `groupChars` characters, each group on its own, so the
 * secret's bytes from the first that starts a group are written the same whatever precedes them.
 * `alphabet` widens a span over a shared group, in any case if it has the `i` flag (hex and base32), as the
 * encoded text is then read; `encode` writes the pattern of some bytes (`+` and `/` escaped later).
 */
type Encoding = [
  groupBytes: number,
  groupChars: number,
  alphabet: RegExp,
  encode: (bytes: Uint8Array) => string,
];

/** Hex in either case; a dump may separate the bytes (`73:6b:5f`, `73 6b 5f`). */
const hex = (bytes: Uint8Array) =>
  [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('[:. -]?');
const ENCODINGS: readonly Encoding[] = [
  [3, 4, /[A-Za-z0-9+/=]/, (bytes) => Buffer.from(bytes).toString('base64')],
  [3, 4, /[A-Za-z0-9_=-]/, (bytes) => Buffer.from(bytes).toString('base64url')],
  [5, 8, /[A-Z2-7=]/i, (bytes) => base32.stringify(bytes, { pad: false })],
  [5, 8, /[0-9A-V=]/i, (bytes) => base32hex.stringify(bytes, { pad: false })],
  [1, 0, /[0-9a-f]/i, hex], // whole bytes: nothing to widen over
];

/** The forms of the last few secrets: a caller redacts one key (and its reversal) over and over. */
const cache = new Map<string, { pattern: RegExp; groupChars: number; alphabet: RegExp }[]>();
const CACHED_SECRETS = 4;

/**
 * What any encoded text holding `secret` holds for certain: for each encoding, one core per alignment (0
 * to `groupBytes - 1` bytes of other text before it), from its first byte that starts a group to its last
 * whole group. Each is a fixed string (hex's optional separators aside), so a search is linear.
 */
function encodedForms(secret: string) {
  const known = cache.get(secret);
  if (known) return known;
  const bytes = Buffer.from(secret, 'utf8');
  const forms = ENCODINGS.flatMap(([groupBytes, groupChars, alphabet, encode]) =>
    Array.from({ length: groupBytes }, (_, skip) => {
      const whole = Math.floor((bytes.length - skip) / groupBytes) * groupBytes;
      const core = encode(bytes.subarray(skip, skip + whole)).replace(/[+/]/g, '\\$&');
      return { pattern: new RegExp(core, `g${alphabet.flags}`), groupChars, alphabet };
    }),
  );
  if (cache.size >= CACHED_SECRETS) cache.clear();
  cache.set(secret, forms);
  return forms;
}

/** The spans of `text` that write `secret` encoded, each widened over the groups it shares with others. */
function encodedSpans(text: string, secret: string): [number, number][] {
  if (secret.length < ALWAYS_REDACTED_LENGTH) return [];
  const spans: [number, number][] = [];
  for (const { pattern, groupChars, alphabet } of encodedForms(secret)) {
    pattern.lastIndex = 0;
    for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
      let start = found.index;
      let end = start + found[0].length;
      for (let n = 0; n < groupChars && start > 0 && alphabet.test(text[start - 1]!); n++) start -= 1;
      for (let n = 0; n < groupChars && end < text.length && alphabet.test(text[end]!); n++) end += 1;
      spans.push([start, end]);
      pattern.lastIndex = found.index + 1;
    }
  }
  return spans;
}
