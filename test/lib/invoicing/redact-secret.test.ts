import { describe, expect, it } from 'vitest';
import { redactSecret } from '../../../lib/invoicing/redact-secret';

const KEY = 'sk_live/AbC+123&x=y%"\\z';

/**
 * The key in each form a service could echo it in, written out by hand: `/` is `\/`, `&#47;`, `&sol;`,
 * `%2F` …; `+` is `%2B`, `&#43;`, `&plus;` …
 */
const FORMS: Record<string, string> = {
  'as sent': 'sk_live/AbC+123&x=y%"\\z',
  'JSON-escaped': 'sk_live\\/AbC+123&x=y%\\"\\\\z',
  'every character as \\u': [...KEY]
    .map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join(''),
  'some characters as \\u, upper-case hex': 'sk\\u005Flive\\u002FAbC\\u002B123&x=y%\\u0022\\u005Cz',
  'HTML named references': 'sk&lowbar;live&sol;AbC&plus;123&amp;x&equals;y&percnt;&quot;&bsol;z',
  'HTML decimal references': 'sk_live&#47;AbC&#43;123&#38;x&#61;y&#37;&#34;&#92;z',
  'HTML hex references, either case, leading zeros':
    'sk_live&#x2f;AbC&#X002B;123&#x26;x=y&#x25;&#x22;&#x5C;z',
  'HTML references without semicolons': 'sk_live&#47AbC&plus;123&ampx=y%&quot\\z',
  'percent-encoded, upper case': 'sk_live%2FAbC%2B123%26x%3Dy%25%22%5Cz',
  'percent-encoded, lower case': 'sk_live%2fAbC%2b123%26x%3dy%25%22%5cz',
  'percent-encoded with + left as is': 'sk_live%2FAbC+123%26x%3Dy%25%22%5Cz',
  'a mixture from one character to the next': 'sk_live\\/AbC%2B123&amp;x&#61;y\\u0025&quot;%5cz',
  'percent-encoded twice': 'sk_live%252FAbC%252B123%2526x%253Dy%2525%2522%255Cz',
  'HTML references of a JSON string': 'sk_live\\/AbC+123&amp;x=y%\\&quot;\\\\z',
  'JSON escapes of HTML references': 'sk_live\\u0026#47;AbC\\u0026#43;123&x=y%"\\\\z',
};

describe('redactSecret', () => {
  it.each(Object.entries(FORMS))('removes the key written %s', (_, form) => {
    const text = `<p>Invalid token "${form}" for this account</p>`;

    expect(redactSecret(text, KEY)).toBe('<p>Invalid token "[redacted]" for this account</p>');
  });

  it('removes every occurrence, each in its own form', () => {
    const text = `a ${FORMS['as sent']} b ${FORMS['HTML decimal references']} c ${FORMS['percent-encoded, lower case']}`;

    expect(redactSecret(text, KEY)).toBe('a [redacted] b [redacted] c [redacted]');
  });

  it('leaves the text alone without a secret', () => {
    expect(redactSecret('Token abc', undefined)).toBe('Token abc');
    expect(redactSecret('Token abc', '')).toBe('Token abc');
  });

  it('leaves text that only looks like escapes alone', () => {
    const text = 'a \\u00zz, &unknown; 100% &#x; and \\ at the end \\';

    expect(redactSecret(text, KEY)).toBe(text);
  });

  it('keeps a reference that decodes to text outside ASCII', () => {
    expect(redactSecret('caf&eacute; &#x1F600; sk', 'sk')).toBe('caf&eacute; &#x1F600; [redacted]');
  });

  it('removes a short secret where it stands on its own, in any form', () => {
    expect(redactSecret('Authorization: Token x; key "\\u0078" refused', 'x')).toBe(
      'Authorization: Token [redacted]; key "[redacted]" refused',
    );
  });

  it('keeps a word that merely contains a short secret', () => {
    expect(redactSecret('expected YYYY-MM', 'x')).toBe('expected YYYY-MM');
  });

  it('removes a long secret even inside a longer word', () => {
    expect(redactSecret('tokensk-live-0123456789abcdefX', 'sk-live-0123456789abcdef')).toBe(
      'token[redacted]X',
    );
  });

  it('treats the characters of a short secret literally, not as a pattern', () => {
    expect(redactSecret('keys a.c and abc', 'a.c')).toBe('keys [redacted] and abc');
  });

  it('redacts a key that holds an escape of its own, written as is or escaped', () => {
    const key = 'k%41-0123456789';

    expect(redactSecret(`[${key}] [k%2541-0123456789]`, key)).toBe('[[redacted]] [[redacted]]');
  });
});

describe('redactSecret, base64', () => {
  const SECRET = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
  /** Every 5 characters of the secret: none may be read back from what is left. */
  const pieces = Array.from({ length: SECRET.length - 4 }, (_, index) => SECRET.slice(index, index + 5));
  /** What every run of base64 left in the text decodes to, read from each of its four alignments. */
  const decodedRuns = (text: string) =>
    (text.match(/[A-Za-z0-9+/_-]{4,}/g) ?? []).flatMap((run) =>
      [0, 1, 2, 3].map((offset) =>
        Buffer.from(run.slice(offset).replaceAll('-', '+').replaceAll('_', '/'), 'base64').toString('latin1'),
      ),
    );

  it.each([0, 1, 2, 3, 4, 5])(
    'removes the key encoded after %i bytes of other text, in either alphabet',
    (n) => {
      for (const alphabet of ['base64', 'base64url'] as const) {
        const encoded = Buffer.from(`${'u:'.padEnd(n, 'x').slice(0, n)}${SECRET} and the rest`).toString(
          alphabet,
        );
        const redacted = redactSecret(`echo: ${encoded} end`, SECRET);
        expect(redacted).toMatch(/^echo: [A-Za-z0-9+/_=-]*\[redacted\][A-Za-z0-9+/_=-]* end$/);
        for (const decoded of decodedRuns(redacted)) {
          for (const piece of pieces) expect(decoded).not.toContain(piece);
        }
      }
    },
  );

  it('removes it from a Basic authorization header echoed back', () => {
    const header = `Basic ${Buffer.from(`merchant:${SECRET}`).toString('base64')}`;
    const redacted = redactSecret(`{"error":"denied","authorization":"${header}"}`, SECRET);
    expect(redacted).toContain('"authorization":"Basic ');
    for (const decoded of decodedRuns(redacted)) {
      for (const piece of pieces) expect(decoded).not.toContain(piece);
    }
  });

  describe('written with escapes', () => {
    /** Its base64 holds `/` and `+` whatever text comes before it: `c2tfbGl2ZV8/NGVDMzl+SHFM…`. */
    const KEY_WITH_SLASHES = 'sk_live_?4eC39~HqLy?jWDa~rjtT1?zdp7dc';
    const piecesOf = (key: string) =>
      Array.from({ length: key.length - 4 }, (_, index) => key.slice(index, index + 5));
    /** PHP's json_encode (the spec's datetimes suggest PHP) writes `/` as `\/` unless told not to. */
    const phpJson = (value: string) => JSON.stringify(value).replaceAll('/', '\\/');

    it.each([
      ['JSON-escaped as PHP writes it', phpJson, (text: string) => text.replaceAll('\\/', '/')],
      ['percent-encoded', encodeURIComponent, decodeURIComponent],
    ])('removes it from a Basic authorization header echoed %s', (_, encode, decode) => {
      for (const user of ['', 'm:', 'mx:', 'merchant:']) {
        const header = `Basic ${Buffer.from(`${user}${KEY_WITH_SLASHES}`).toString('base64')}`;
        const redacted = redactSecret(`{"authorization":${encode(header)}}`, KEY_WITH_SLASHES);
        expect(redacted).toContain('[redacted]');
        for (const decoded of decodedRuns(decode(redacted))) {
          for (const piece of piecesOf(KEY_WITH_SLASHES)) expect(decoded).not.toContain(piece);
        }
      }
    });
  });

  it('leaves base64 that does not hold the key as it is', () => {
    const text = `id ${Buffer.from('an ordinary request id of some length').toString('base64')}`;
    expect(redactSecret(text, SECRET)).toBe(text);
  });
});

describe('redactSecret, hex, base32 and reversed', () => {
  const SECRET = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
  const hex = Buffer.from(SECRET).toString('hex');
  /** Every 5 characters of the secret: none may be read back from what is left. */
  const pieces = Array.from({ length: SECRET.length - 4 }, (_, index) => SECRET.slice(index, index + 5));

  it.each([
    ['lower-case', hex],
    ['upper-case', hex.toUpperCase()],
    ['in mixed case', [...hex].map((char, index) => (index % 3 ? char : char.toUpperCase())).join('')],
    ['with colons between the bytes', hex.match(/../g)?.join(':') ?? ''],
    ['with spaces between the bytes', (hex.match(/../g)?.join(' ') ?? '').toUpperCase()],
  ])('removes the key written in hex, %s', (_, form) => {
    expect(redactSecret(`{"error":"bad key ${form}"}`, SECRET)).toBe('{"error":"bad key [redacted]"}');
  });

  it('keeps the hex of the text around the key', () => {
    // `Token ` is 54 6f 6b 65 6e 20 and `!` is 21: each byte is written on its own in hex.
    const form = Buffer.from(`Token ${SECRET}!`).toString('hex');

    expect(redactSecret(`echo ${form}`, SECRET)).toBe('echo 546f6b656e20[redacted]21');
  });

  /** RFC 4648's alphabets; what is left of a run is decoded from each of its 8 alignments, bits in order. */
  const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const BASE32_HEX = '0123456789ABCDEFGHIJKLMNOPQRSTUV';
  const decodeBase32 = (run: string, alphabet: string) => {
    let bits = 0;
    let value = 0;
    const bytes: number[] = [];
    for (const char of run.toUpperCase()) {
      value = (value << 5) | alphabet.indexOf(char);
      bits += 5;
      if (bits >= 8) {
        bytes.push((value >> (bits - 8)) & 0xff);
        bits -= 8;
      }
    }
    return Buffer.from(bytes).toString('latin1');
  };
  const encodeBase32 = (text: string, alphabet: string) => {
    let bits = 0;
    let value = 0;
    let out = '';
    for (const byte of Buffer.from(text)) {
      value = (value << 8) | byte;
      bits += 8;
      while (bits >= 5) {
        out += alphabet[(value >> (bits - 5)) & 31];
        bits -= 5;
      }
      value &= (1 << bits) - 1;
    }
    return bits > 0 ? out + alphabet[(value << (5 - bits)) & 31] : out;
  };

  it.each([0, 1, 2, 3, 4, 5, 6])(
    'removes the key in base32 after %i bytes of other text, either alphabet and case',
    (n) => {
      for (const alphabet of [BASE32, BASE32_HEX]) {
        for (const lower of [false, true]) {
          const encoded = encodeBase32(`${'u:xxxxx'.slice(0, n)}${SECRET} and the rest`, alphabet);
          const form = lower ? encoded.toLowerCase() : encoded;
          const redacted = redactSecret(`echo: ${form} end`, SECRET);
          expect(redacted).toMatch(/^echo: [A-Za-z0-9]*\[redacted\][A-Za-z0-9]* end$/);
          const runs = redacted.slice(6, -4).split('[redacted]');
          for (const run of runs) {
            for (let offset = 0; offset < 8; offset += 1) {
              const decoded = decodeBase32(run.slice(offset), alphabet);
              for (const piece of pieces) expect(decoded).not.toContain(piece);
            }
          }
        }
      }
    },
  );

  it('removes the key written backwards, as is or escaped', () => {
    const backwards = [...SECRET].reverse().join('');

    expect(redactSecret(`a ${backwards} b ${backwards.replace('_', '\\u005f')} c`, SECRET)).toBe(
      'a [redacted] b [redacted] c',
    );
  });

  it('leaves hex and base32 that do not hold the key as they are', () => {
    const text = `id ${Buffer.from('an ordinary request id of some length').toString('hex')} ${encodeBase32('another ordinary request id', BASE32)}`;

    expect(redactSecret(text, SECRET)).toBe(text);
  });
});
