import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SigningKeyError, signReportLink, verifyReportLink } from '../../../lib/delivery';
import { TEST_SIGNING_KEY } from './report-fixture';

// 2026-11-30T00:00:00Z
const EXPIRES_AT = new Date(Date.UTC(2026, 10, 30));
const EXPIRES = '1795996800';
const BEFORE = new Date(Date.UTC(2026, 10, 29, 23, 59, 59));

/** The signature as the documented canonical string defines it, worked out independently of the code. */
function expectedSignature(account: string, period: string, fileName: string, expires: string): string {
  return createHmac('sha256', TEST_SIGNING_KEY)
    .update(`report-link-v1\n${account}\n${period}\n${fileName}\n${expires}`)
    .digest('hex');
}

const SIGNATURE = expectedSignature('acme', '2026-10', 'report.html', EXPIRES);

function verify(overrides: Partial<Parameters<typeof verifyReportLink>[0]> = {}) {
  return verifyReportLink({
    generation: 1,
    account: 'acme',
    period: '2026-10',
    fileName: 'report.html',
    expires: EXPIRES,
    signature: SIGNATURE,
    signingKey: TEST_SIGNING_KEY,
    now: BEFORE,
    ...overrides,
  });
}

/** A link to acme's October page, as the tests below vary it. */
function sign(overrides: Partial<Parameters<typeof signReportLink>[0]> = {}) {
  return signReportLink({
    generation: 1,
    baseUrl: 'https://reports.example.com',
    account: 'acme',
    period: '2026-10',
    fileName: 'report.html',
    expiresAt: EXPIRES_AT,
    signingKey: TEST_SIGNING_KEY,
    ...overrides,
  });
}

describe('a link of an account whose token generation was raised', () => {
  /** Generation 2 signs one more line than generation 1, worked out from the documented string. */
  const secondGeneration = createHmac('sha256', TEST_SIGNING_KEY)
    .update(`report-link-v1\nacme\n2026-10\nreport.html\n${EXPIRES}\ngeneration 2`)
    .digest('hex');

  it('signs the generation when it is above 1, and leaves the string of generation 1 as it was', () => {
    const link = sign({ generation: 2 });
    expect(new URL(link).searchParams.get('signature')).toBe(secondGeneration);
    expect(verify({ generation: 2, signature: secondGeneration })).toBe('valid');
  });

  it('refuses a link signed for an earlier generation, and one signed for a later', () => {
    expect(verify({ generation: 2 })).toBe('invalid');
    expect(verify({ generation: 1, signature: secondGeneration })).toBe('invalid');
  });

  it('refuses to sign for a generation that is not a whole number from 1', () => {
    for (const generation of [0, -1, 1.5, Number.NaN]) {
      expect(() => sign({ generation })).toThrow(RangeError);
    }
  });
});

describe('signReportLink', () => {
  it('points at the report API with the expiry in unix seconds and an HMAC-SHA256 signature', () => {
    const link = sign({ baseUrl: 'https://reports.example.com/' });
    expect(link).toBe(
      `https://reports.example.com/reports/acme/2026-10/report.html?expires=${EXPIRES}&signature=${SIGNATURE}`,
    );
  });

  it('signs a quarter and a year the same way, by their ids', () => {
    for (const period of ['2026-Q3', '2026']) {
      const link = sign({ period, fileName: 'summary.json' });
      const signature = expectedSignature('acme', period, 'summary.json', EXPIRES);
      expect(link).toBe(
        `https://reports.example.com/reports/acme/${period}/summary.json?expires=${EXPIRES}&signature=${signature}`,
      );
      expect(verify({ period, fileName: 'summary.json', signature })).toBe('valid');
    }
  });

  it('makes a link that verifies from its own path and query', () => {
    const link = new URL(
      sign({
        baseUrl: 'http://127.0.0.1:3000',
        account: 'shop-2',
        period: '2026-01',
        fileName: 'payments.csv',
      }),
    );
    const [, , account, period, fileName] = link.pathname.split('/');
    const verdict = verifyReportLink({
      generation: 1,
      account,
      period,
      fileName,
      expires: link.searchParams.get('expires'),
      signature: link.searchParams.get('signature'),
      signingKey: TEST_SIGNING_KEY,
      now: BEFORE,
    });
    expect(verdict).toBe('valid');
  });

  it('refuses a signing key shorter than 32 bytes without showing it', () => {
    const signShort = () => sign({ signingKey: 'short-secret-value' });
    expect(signShort).toThrow(SigningKeyError);
    expect(signShort).toThrow('18 bytes');
    expect(signShort).not.toThrow('short-secret-value');
  });

  it('refuses a file outside the report', () => {
    expect(() => sign({ fileName: 'delivery.json' as 'report.html' })).toThrow('not a report file');
  });
});

describe('verifyReportLink', () => {
  it('accepts an untouched link before it expires', () => {
    expect(verify()).toBe('valid');
  });

  it('calls a link expired from its expiry second on', () => {
    expect(verify({ now: EXPIRES_AT })).toBe('expired');
    expect(verify({ now: new Date(Date.UTC(2027, 0, 1)) })).toBe('expired');
  });

  it.each([
    ['account', { account: 'acme2' }],
    ['period', { period: '2026-09' }],
    ['file name', { fileName: 'payments.csv' }],
    ['expiry', { expires: '1795996801' }],
    ['signature', { signature: `${SIGNATURE.slice(0, -1)}${SIGNATURE.endsWith('0') ? '1' : '0'}` }],
  ])('refuses a link whose %s was changed', (_, overrides) => {
    expect(verify(overrides)).toBe('invalid');
  });

  it('refuses a link signed with another key', () => {
    expect(verify({ signingKey: 'another-signing-key-0123456789abcdef' })).toBe('invalid');
  });

  it('calls a forged expired link invalid, not expired', () => {
    expect(verify({ expires: '1000', now: EXPIRES_AT })).toBe('invalid');
  });

  it.each([
    ['a missing signature', { signature: undefined }],
    ['an empty signature', { signature: '' }],
    ['a short signature', { signature: SIGNATURE.slice(0, 63) }],
    ['a long signature', { signature: `${SIGNATURE}0` }],
    ['upper-case hex', { signature: SIGNATURE.toUpperCase() }],
    ['non-hex text', { signature: 'z'.repeat(64) }],
    ['a repeated query value', { signature: [SIGNATURE, SIGNATURE] }],
    ['a missing expiry', { expires: undefined }],
    ['an expiry in exponent form', { expires: '1.7e9' }],
    ['a negative expiry', { expires: '-1' }],
    ['an expiry with spaces', { expires: ` ${EXPIRES}` }],
    ['an expiry as a number', { expires: Number(EXPIRES) }],
    ['a path in the account', { account: '../acme' }],
    ['an unknown file', { fileName: 'delivery.json' }],
    ['an object for a period', { period: { toString: (): string => '2026-10' } }],
    ['a period before 2000', { period: '0099-12' }],
  ])('refuses %s without throwing', (_, overrides) => {
    expect(verify(overrides)).toBe('invalid');
  });

  it('throws on a short configured key, as that is a setup fault', () => {
    expect(() => verify({ signingKey: 'x'.repeat(31) })).toThrow(SigningKeyError);
  });
});
