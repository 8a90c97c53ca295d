import * as z from 'zod';
import { mustBe } from './errors';

/** An account's name: lower-case letters, digits and hyphens (it is part of S3 keys and report URLs). */
export const ACCOUNT_NAME_PATTERN = /^[a-z0-9-]+$/;
/** One line without control characters or separators: names end up in email subjects, where CR or LF start a header. */
export const SINGLE_LINE_TEXT_PATTERN = /^[^\p{Cc}\p{Zl}\p{Zp}]*$/u;
/** RFC 6750's token68, what Hono's bearer-auth accepts (unexported there); also safe in a printed `curl`'s quotes. */
export const TOKEN68_PATTERN = /^[A-Za-z0-9._~+/-]+=*$/;
/** What Secrets Manager allows in a secret's name; a colon (an ARN) is not a name. */
const SECRET_NAME_PATTERN = /^[A-Za-z0-9/_+=.@-]+$/;

/** A whole number from `min` to `max`; each message "must be a whole number from min to max" unless given. */
export function wholeNumber(
  min: number,
  max: number,
  words: { wrong?: string; tooSmall?: string; tooLarge?: string } = {},
) {
  const range = `must be a whole number from ${min} to ${max}`;
  return z
    .int({ error: mustBe(words.wrong ?? range) })
    .min(min, words.tooSmall ?? words.wrong ?? range)
    .max(max, words.tooLarge ?? range);
}

export const emailSchema = z.email({ error: mustBe('must be an email address') });

/** The name of a Secrets Manager secret, never its ARN. */
export const secretNameSchema = z
  .string({ error: mustBe('must be the name of a Secrets Manager secret') })
  .max(512, 'must be at most 512 characters')
  .regex(
    SECRET_NAME_PATTERN,
    'must be a Secrets Manager secret name (letters, digits and /_+=.@-), not an ARN',
  );

/** Whether a URL's host is this machine's loopback interface, where plain http crosses no network. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** The service's base URL. Plain http only on the loopback interface (the local sandbox). */
export const apiUrlSchema = z.string({ error: mustBe('must be a URL') }).superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // The value is not echoed: a mistyped URL may carry a key pasted into it.
    ctx.addIssue({ code: 'custom', message: 'must be an absolute URL such as "https://api.example.com"' });
    return;
  }
  if (url.username || url.password) {
    ctx.addIssue({
      code: 'custom',
      message: 'must not contain credentials: keep the API key in Secrets Manager (apiKeySecretName)',
    });
  } else if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    ctx.addIssue({ code: 'custom', message: 'must use https (plain http is allowed only for localhost)' });
  } else if (url.search || url.hash) {
    ctx.addIssue({ code: 'custom', message: 'must not have a query string or fragment' });
  }
});

/** The fields of `input` that pass their schema in `shape`, each with its default. */
export function validFields(shape: Record<string, z.ZodType>, input: unknown): Record<string, unknown> {
  const given: Record<string, unknown> =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  const valid: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const result = schema.safeParse(given[key]);
    if (result.success) valid[key] = result.data;
  }
  return valid;
}

export const MAX_PORT = 65_535;

/** A decimal TCP port, 0 to 65535, spaces around allowed; `undefined` otherwise, for the caller to word. */
export function parsePort(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return undefined;
  const port = Number(trimmed);
  return port <= MAX_PORT ? port : undefined;
}
