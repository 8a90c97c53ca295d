import { decodeHTML } from 'entities';
import { base32, base32hex } from 'rfc4648';

const REDACTED = '[redacted]';

/** Secrets this long go wherever they appear, encoded too; a shorter one may be part of a word. */
const ALWAYS_REDACTED_LENGTH = 12;

/** Layers of escapes looked through: a key percent-encoded in a JSON string in an HTML page. */
const MAX_LAYERS = 3;

/** The characters that start an escape this module reads; text without them holds the secret only as is. */
const ESCAPE_STARTS = /[\\&%]/;

/** Text as characters, each with the span of the original it was written as; layers decode escapes. */
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
  const chars = text.split('');
  let layer: Layer = { chars, starts: chars.map((_, i) => i), ends: chars.map((_, i) => i + 1) };
  for (let depth = 0; ; depth += 1) {
    for (const each of secrets) findSecret(layer, each, spans);
    if (depth === MAX_LAYERS || !ESCAPE_STARTS.test(layer.chars.join(''))) break;
    const next = decodeLayer(layer);
    if (next.chars.length === layer.chars.length) break;
    layer = next;
    // Encoded text has escapes of its own: json_encode writes base64's `/` as `\/`, a query its `+` as `%2B`.
    const decoded = layer.chars.join('');
    for (const [start, end] of secrets.flatMap((each) => encodedSpans(decoded, each))) {
      spans.push([layer.starts[start]!, layer.ends[end - 1]!]);
    }
  }
  return replaceSpans(text, spans);
}

/** Adds the original spans of every occurrence of `secret` in `layer`, each character as is or escaped. */
function findSecret({ chars, starts, ends }: Layer, secret: string, spans: [number, number][]): void {
  const alone = secret.length < ALWAYS_REDACTED_LENGTH;
  for (let start = 0; start < chars.length; start += 1) {
    const end = matchFrom(chars, start, secret, 0);
    if (end === undefined) continue;
    if (alone && (isWordChar(chars[start - 1]) || isWordChar(chars[end]))) continue;
    spans.push([starts[start]!, ends[end - 1]!]);
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

function decodeLayer(layer: Layer): Layer {
  const next: Layer = { chars: [], starts: [], ends: [] };
  for (let index = 0; index < layer.chars.length; ) {
    const found = escapeAt(layer.chars, index);
    const length = found?.length ?? 1;
    next.chars.push(found ? found.char : layer.chars[index]!);
    next.starts.push(layer.starts[index]!);
    next.ends.push(layer.ends[index + length - 1]!);
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

/** The escape at `index` that writes an ASCII character: JSON's, `\xXX`, `%XX`, or an HTML reference. */
function escapeAt(chars: string[], index: number): Escape | undefined {
  const first = chars[index];
  if (first === '%') return hexEscapeAt(chars, index + 1, 2, 1);
  if (first === '&') return htmlReferenceAt(chars, index);
  if (first !== '\\') return undefined;
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

/** Longest named reference read: `&` and the longest name of the HTML standard, with `;`. */
const MAX_REFERENCE_LENGTH = 34;
/** A numeric reference's digits, leading zeros included, are read up to this many. */
const MAX_REFERENCE_DIGITS = 64;

/** `&sol;`, `&#47;`, `&#x2F;` (any case, leading zeros, `;` optional), as HTML decodes them in text. */
function htmlReferenceAt(chars: string[], index: number): Escape | undefined {
  let candidate = '&';
  const limit = chars[index + 1] === '#' ? MAX_REFERENCE_DIGITS + 4 : MAX_REFERENCE_LENGTH;
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
 * `alphabet` widens a span over a shared group; `anyCase` for hex and base32, read case-insensitively.
 */
interface Encoding {
  groupBytes: number;
  groupChars: number;
  alphabet: RegExp;
  anyCase: boolean;
  encode: (bytes: Uint8Array) => string;
}

const base64 = (alphabet: RegExp, kind: 'base64' | 'base64url'): Encoding => ({
  groupBytes: 3,
  groupChars: 4,
  alphabet,
  anyCase: false,
  encode: (bytes) => Buffer.from(bytes).toString(kind),
});
const base32Of = (alphabet: RegExp, codec: typeof base32): Encoding => ({
  groupBytes: 5,
  groupChars: 8,
  alphabet,
  anyCase: true,
  encode: (bytes) => codec.stringify(bytes, { pad: false }),
});
const ENCODINGS: readonly Encoding[] = [
  base64(/[A-Za-z0-9+/=]/, 'base64'),
  base64(/[A-Za-z0-9_=-]/, 'base64url'),
  base32Of(/[A-Za-z2-7=]/, base32),
  base32Of(/[0-9A-Va-v=]/, base32hex),
];

/** Between the bytes of hex, a dump may put one of these (`73:6b:5f`, `73 6b 5f`). */
const HEX_SEPARATOR = '[:. -]?';

interface Form {
  pattern: RegExp;
  encoding: Encoding | undefined;
}

/** The forms of the last few secrets: a caller redacts one key (and its reversal) over and over. */
const cache = new Map<string, Form[]>();
const CACHED_SECRETS = 4;

/**
 * What any encoded text holding `secret` holds for certain: for each group encoding, one core per
 * alignment (0 to `groupBytes - 1` bytes of other text before it), from its first byte that starts a
 * group to its last whole group; and its hex, in either case, with or without separators.
 */
function encodedForms(secret: string): Form[] {
  const known = cache.get(secret);
  if (known) return known;
  const bytes = Buffer.from(secret, 'utf8');
  const forms: Form[] = [];
  for (const encoding of ENCODINGS) {
    for (let skip = 0; skip < encoding.groupBytes; skip += 1) {
      const whole = Math.floor((bytes.length - skip) / encoding.groupBytes) * encoding.groupBytes;
      const core = encoding.encode(bytes.subarray(skip, skip + whole)).replace(/[+/]/g, '\\$&');
      forms.push({ pattern: new RegExp(core, encoding.anyCase ? 'gi' : 'g'), encoding });
    }
  }
  const hexBytes = [...bytes].map((byte) => byte.toString(16).padStart(2, '0'));
  forms.push({ pattern: new RegExp(hexBytes.join(HEX_SEPARATOR), 'gi'), encoding: undefined });
  if (cache.size >= CACHED_SECRETS) cache.clear();
  cache.set(secret, forms);
  return forms;
}

/**
 * The spans of `text` that write `secret` in base64, base32 or hex, each widened over the characters
 * around it that encode its first and last bytes together with others. Each form is a fixed string
 * (hex's optional separators aside), so a search is linear.
 */
function encodedSpans(text: string, secret: string): [number, number][] {
  if (secret.length < ALWAYS_REDACTED_LENGTH) return [];
  const spans: [number, number][] = [];
  for (const { pattern, encoding } of encodedForms(secret)) {
    pattern.lastIndex = 0;
    for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
      let start = found.index;
      let end = start + found[0].length;
      if (encoding) {
        const { groupChars, alphabet } = encoding;
        for (let n = 0; n < groupChars && start > 0 && alphabet.test(text[start - 1]!); n++) start -= 1;
        for (let n = 0; n < groupChars && end < text.length && alphabet.test(text[end]!); n++) end += 1;
      }
      spans.push([start, end]);
      pattern.lastIndex = found.index + 1;
    }
  }
  return spans;
}
