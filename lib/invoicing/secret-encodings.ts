import { base32, base32hex } from 'rfc4648';

/** Secrets shorter than this are not looked for encoded: the text they encode to is too short to be theirs alone. */
const MIN_SECRET_LENGTH = 12;

/**
 * A binary-to-text encoding that writes `groupBytes` bytes as `groupChars` characters, each group on its
 * own: the secret's bytes from the first that starts a group are written the same way whatever precedes
 * them.
 */
interface Encoding {
  groupBytes: number;
  groupChars: number;
  /** The characters the encoding writes (padding included), to widen a span over a shared group. */
  alphabet: RegExp;
  /** Written in either case (hex and base32 are read case-insensitively); base64's case is meaning. */
  anyCase: boolean;
  encode: (bytes: Uint8Array) => string;
}

const ENCODINGS: readonly Encoding[] = [
  {
    groupBytes: 3,
    groupChars: 4,
    alphabet: /[A-Za-z0-9+/=]/,
    anyCase: false,
    encode: (bytes) => Buffer.from(bytes).toString('base64'),
  },
  {
    groupBytes: 3,
    groupChars: 4,
    alphabet: /[A-Za-z0-9_=-]/,
    anyCase: false,
    encode: (bytes) => Buffer.from(bytes).toString('base64url'),
  },
  {
    groupBytes: 5,
    groupChars: 8,
    alphabet: /[A-Za-z2-7=]/,
    anyCase: true,
    encode: (bytes) => base32.stringify(bytes, { pad: false }),
  },
  {
    groupBytes: 5,
    groupChars: 8,
    alphabet: /[0-9A-Va-v=]/,
    anyCase: true,
    encode: (bytes) => base32hex.stringify(bytes, { pad: false }),
  },
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

const escapePattern = (text: string): string => text.replace(/[+/]/g, '\\$&');

/**
 * What any encoded text holding `secret` holds for certain, whatever precedes it: for each encoding that
 * writes bytes in groups, one core per alignment (the secret after 0 to `groupBytes - 1` bytes of other
 * text), from the secret's first byte that starts a group to its last whole group; and its hex, byte by
 * byte, in either case, with or without a separator between the bytes.
 */
function encodedForms(secret: string): Form[] {
  const known = cache.get(secret);
  if (known) return known;
  const bytes = Buffer.from(secret, 'utf8');
  const forms: Form[] = [];
  for (const encoding of ENCODINGS) {
    for (let skip = 0; skip < encoding.groupBytes; skip += 1) {
      const whole = Math.floor((bytes.length - skip) / encoding.groupBytes) * encoding.groupBytes;
      const core = encoding.encode(bytes.subarray(skip, skip + whole));
      forms.push({ pattern: new RegExp(escapePattern(core), encoding.anyCase ? 'gi' : 'g'), encoding });
    }
  }
  const hexBytes = [...bytes].map((byte) => byte.toString(16).padStart(2, '0'));
  forms.push({ pattern: new RegExp(hexBytes.join(HEX_SEPARATOR), 'gi'), encoding: undefined });
  if (cache.size >= CACHED_SECRETS) cache.clear();
  cache.set(secret, forms);
  return forms;
}

/**
 * The spans of `text` that write `secret` in base64 (either alphabet, as `Authorization: Basic …` does),
 * base32 (RFC 4648's standard or extended-hex alphabet, either case) or hex (either case), each widened
 * over the characters around it that encode the secret's first and last bytes together with others.
 * Written here because no maintained library finds an encoded string in text; `Buffer` and `rfc4648` do
 * the encoding. Each form is a fixed string (hex's optional separators aside), so a search is linear.
 */
export function encodedSpans(text: string, secret: string): [number, number][] {
  if (secret.length < MIN_SECRET_LENGTH) return [];
  const spans: [number, number][] = [];
  for (const { pattern, encoding } of encodedForms(secret)) {
    pattern.lastIndex = 0;
    for (let found = pattern.exec(text); found; found = pattern.exec(text)) {
      let start = found.index;
      let end = start + found[0].length;
      if (encoding) {
        for (let widened = 0; widened < encoding.groupChars && start > 0; widened += 1) {
          if (!encoding.alphabet.test(text[start - 1] as string)) break;
          start -= 1;
        }
        for (let widened = 0; widened < encoding.groupChars && end < text.length; widened += 1) {
          if (!encoding.alphabet.test(text[end] as string)) break;
          end += 1;
        }
      }
      spans.push([start, end]);
      pattern.lastIndex = found.index + 1;
    }
  }
  return spans;
}
