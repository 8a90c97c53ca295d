/** Characters of either base64 alphabet (RFC 4648's standard and URL-safe ones), and padding. */
const BASE64_CHAR = /[A-Za-z0-9+/=_-]/;

/** Secrets shorter than this are not looked for in base64: the text they encode to is too short to be theirs alone. */
const MIN_SECRET_LENGTH = 12;

/** The last secret's forms: a caller redacts one key over and over. */
let cached: { secret: string; forms: string[] } | undefined;

/**
 * What any base64 text holding `secret` holds for certain, whatever precedes it: base64 writes 3 bytes as
 * 4 characters, so the secret's bytes from the first that starts a group of three are written the same
 * way each time. There are three such cores (the secret after 0, 1 or 2 bytes of other text), each in
 * the standard and the URL-safe alphabet.
 */
function base64Forms(secret: string): string[] {
  if (cached?.secret === secret) return cached.forms;
  const bytes = Buffer.from(secret, 'utf8');
  const forms: string[] = [];
  for (let skip = 0; skip < 3; skip += 1) {
    const whole = Math.floor((bytes.length - skip) / 3) * 3;
    const core = bytes.subarray(skip, skip + whole);
    forms.push(core.toString('base64'), core.toString('base64url'));
  }
  cached = { secret, forms };
  return forms;
}

/**
 * The spans of `text` that write `secret` in base64 (as `Authorization: Basic …` does, or a service that
 * echoes a request's headers encoded), each widened over the base64 characters around it that encode
 * the secret's first and last bytes together with others. Written here because no maintained library
 * finds an encoded string in text; Node's `Buffer` does the encoding.
 */
export function base64Spans(text: string, secret: string): [number, number][] {
  if (secret.length < MIN_SECRET_LENGTH) return [];
  const spans: [number, number][] = [];
  for (const form of base64Forms(secret)) {
    for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
      let start = at;
      let end = at + form.length;
      for (let widened = 0; widened < 4 && start > 0 && BASE64_CHAR.test(text[start - 1]!); widened += 1) {
        start -= 1;
      }
      for (let widened = 0; widened < 4 && end < text.length && BASE64_CHAR.test(text[end]!); widened += 1) {
        end += 1;
      }
      spans.push([start, end]);
    }
  }
  return spans;
}
