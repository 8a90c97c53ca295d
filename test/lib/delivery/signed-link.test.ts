import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  InvalidReportKeyError,
  SigningKeyError,
  signReportIndexLink,
  signReportLink,
  signReportLinks,
  verifyReportIndexLink,
  verifyReportLink,
} from '../../../lib/delivery';
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

describe('signReportIndexLink and verifyReportIndexLink', () => {
  /** The index link's documented canonical string, worked out independently of the code. */
  const indexSignature = (account: string, extra = '') =>
    createHmac('sha256', TEST_SIGNING_KEY)
      .update(`report-index-v1\n${account}\n${EXPIRES}${extra}`)
      .digest('hex');
  const INDEX_SIGNATURE = indexSignature('acme');
  const signIndex = (overrides: Partial<Parameters<typeof signReportIndexLink>[0]> = {}) =>
    signReportIndexLink({
      generation: 1,
      baseUrl: 'https://reports.example.com/',
      account: 'acme',
      expiresAt: EXPIRES_AT,
      signingKey: TEST_SIGNING_KEY,
      ...overrides,
    });
  const verifyIndex = (overrides: Partial<Parameters<typeof verifyReportIndexLink>[0]> = {}) =>
    verifyReportIndexLink({
      generation: 1,
      account: 'acme',
      expires: EXPIRES,
      signature: INDEX_SIGNATURE,
      signingKey: TEST_SIGNING_KEY,
      now: BEFORE,
      ...overrides,
    });

  it("points at the account's list of reports, valid until the second it expires", () => {
    expect(signIndex({ expiresAt: new Date(EXPIRES_AT.getTime() + 999) })).toBe(
      `https://reports.example.com/reports/acme?expires=${EXPIRES}&signature=${INDEX_SIGNATURE}`,
    );
    expect(verifyIndex()).toBe('valid');
    expect(verifyIndex({ now: EXPIRES_AT })).toBe('expired');
  });

  it('refuses to sign for an account that would not make a path of its own, and with a short key', () => {
    expect(() => signIndex({ account: '../acme' })).toThrow(InvalidReportKeyError);
    expect(() => signIndex({ signingKey: 'short' })).toThrow(SigningKeyError);
  });

  it('signs the token generation when it is above 1', () => {
    const secondGeneration = indexSignature('acme', '\ngeneration 2');
    expect(new URL(signIndex({ generation: 2 })).searchParams.get('signature')).toBe(secondGeneration);
    expect(verifyIndex({ generation: 2, signature: secondGeneration })).toBe('valid');
    expect(verifyIndex({ generation: 2 })).toBe('invalid');
  });

  it('never takes the signature of a file link for an index link', () => {
    expect(verifyIndex({ signature: new URL(sign()).searchParams.get('signature') })).toBe('invalid');
  });

  it.each([
    ['another account', { account: 'globex' }],
    ['another expiry', { expires: String(Number(EXPIRES) + 86400) }],
    ['upper-case hex', { signature: INDEX_SIGNATURE.toUpperCase() }],
    ['a forged link past its time', { account: 'globex', now: EXPIRES_AT }],
    ['an expiry that is not a number', { expires: '17959968OO' }],
    ['no signature', { signature: undefined }],
    ['an account that is not a name', { account: 'Acme' }],
    ['an account that is a list', { account: ['acme'] }],
  ])('says invalid for %s', (_case, overrides) => {
    expect(verifyIndex(overrides)).toBe('invalid');
  });
});

describe('signReportLinks', () => {
  // 2026-11-01T06:00:00.750Z: the milliseconds must not reach the links.
  const NOW = new Date(Date.UTC(2026, 10, 1, 6, 0, 0, 750));
  // 2026-11-30T00:00:00Z is 1795996800; 2026-12-01T06:00:00Z is one day and six hours later.
  const THIRTY_DAYS_LATER = 1_795_996_800 + 86_400 + 6 * 3_600;
  const links = (overrides: Partial<Parameters<typeof signReportLinks>[0]> = {}) =>
    signReportLinks({
      generation: 1,
      baseUrl: 'https://reports.example.com/',
      account: 'acme',
      period: '2026-10',
      files: ['report.html'],
      lifetimeDays: 30,
      now: NOW,
      signingKey: TEST_SIGNING_KEY,
      ...overrides,
    } as Parameters<typeof signReportLinks>[0]);

  it('signs a link per file, all expiring whole days later at the same second', () => {
    const signed = links({ files: ['report.html', 'paid-invoices.csv', 'payments.csv'] });
    expect(signed.expiresAt.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(signed.expiresAt.getTime()).toBe(THIRTY_DAYS_LATER * 1000);
    expect(Object.keys(signed.links)).toEqual(['report.html', 'paid-invoices.csv', 'payments.csv']);
    for (const [fileName, link] of Object.entries(signed.links)) {
      expect(link).toMatch(
        new RegExp(
          `^https://reports\\.example\\.com/reports/acme/2026-10/${fileName.replace('.', '\\.')}` +
            `\\?expires=${THIRTY_DAYS_LATER}&signature=[0-9a-f]{64}$`,
        ),
      );
    }
  });

  it('makes links that verify until their expiry second and not from it on', () => {
    const link = new URL(links({ lifetimeDays: 1 }).links['report.html']);
    const at = (now: Date) =>
      verify({
        expires: link.searchParams.get('expires'),
        signature: link.searchParams.get('signature'),
        now,
      });
    // One day after 06:00:00.750 is 06:00:00.750 the next day, rounded down to 06:00:00.
    expect(at(new Date(Date.UTC(2026, 10, 2, 5, 59, 59, 999)))).toBe('valid');
    expect(at(new Date(Date.UTC(2026, 10, 2, 6, 0, 0)))).toBe('expired');
  });

  it('expires at a given instant, rounded down to its second', () => {
    const signed = links({
      lifetimeDays: undefined,
      now: undefined,
      expiresAt: new Date(Date.UTC(2026, 10, 30, 0, 0, 0, 999)),
    });
    expect(signed.expiresAt.toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(new URL(signed.links['report.html']).searchParams.get('expires')).toBe('1795996800');
  });

  it('counts a day as 24 hours across a daylight saving change', () => {
    // Europe's clocks went back on 25 October 2026; the lifetime is in instants, not wall-clock days.
    const { expiresAt } = links({ lifetimeDays: 2, now: new Date(Date.UTC(2026, 9, 24, 12, 0, 0)) });
    expect(expiresAt.toISOString()).toBe('2026-10-26T12:00:00.000Z');
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a lifetime of %s days', (lifetimeDays) => {
    expect(() => links({ lifetimeDays })).toThrow(
      /a link lifetime must be a whole number of days, at least 1/,
    );
  });

  it('refuses an account that would not make a safe link', () => {
    expect(() => links({ account: '../acme' })).toThrow(InvalidReportKeyError);
  });
});
