import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  InvalidReportKeyError,
  SigningKeyError,
  signReportIndexLink,
  signReportLink,
  verifyReportIndexLink,
} from '../../../lib/delivery';
import { TEST_SIGNING_KEY } from './report-fixture';

// 2026-11-30T00:00:00Z
const EXPIRES_AT = new Date(Date.UTC(2026, 10, 30));
const EXPIRES = '1795996800';
const BEFORE = new Date(Date.UTC(2026, 10, 29, 23, 59, 59));

/** The signature as the documented canonical string defines it, worked out independently of the code. */
function expectedSignature(account: string, expires: string): string {
  return createHmac('sha256', TEST_SIGNING_KEY)
    .update(`report-index-v1\n${account}\n${expires}`)
    .digest('hex');
}

const SIGNATURE = expectedSignature('acme', EXPIRES);

function verify(overrides: Partial<Parameters<typeof verifyReportIndexLink>[0]> = {}) {
  return verifyReportIndexLink({
    generation: 1,
    account: 'acme',
    expires: EXPIRES,
    signature: SIGNATURE,
    signingKey: TEST_SIGNING_KEY,
    now: BEFORE,
    ...overrides,
  });
}

describe('signReportIndexLink', () => {
  it("points at the account's list of reports with the expiry in unix seconds and an HMAC-SHA256 signature", () => {
    const link = signReportIndexLink({
      generation: 1,
      baseUrl: 'https://reports.example.com/',
      account: 'acme',
      expiresAt: new Date(EXPIRES_AT.getTime() + 999),
      signingKey: TEST_SIGNING_KEY,
    });
    expect(link).toBe(`https://reports.example.com/reports/acme?expires=${EXPIRES}&signature=${SIGNATURE}`);
  });

  it('refuses an account that would not make a path of its own, and a short key', () => {
    const sign =
      (account: string, signingKey = TEST_SIGNING_KEY) =>
      () =>
        signReportIndexLink({
          generation: 1,
          baseUrl: 'https://r.example',
          account,
          expiresAt: EXPIRES_AT,
          signingKey,
        });
    expect(sign('../acme')).toThrow(InvalidReportKeyError);
    expect(sign('acme', 'short')).toThrow(SigningKeyError);
  });
});

describe('verifyReportIndexLink', () => {
  it('accepts a genuine link until the second it expires', () => {
    expect(verify()).toBe('valid');
    expect(verify({ now: EXPIRES_AT })).toBe('expired');
  });

  it('refuses the link of another account, another expiry or another signature', () => {
    expect(verify({ account: 'globex' })).toBe('invalid');
    expect(verify({ expires: String(Number(EXPIRES) + 86400) })).toBe('invalid');
    expect(verify({ signature: `${SIGNATURE.slice(0, -1)}${SIGNATURE.endsWith('0') ? '1' : '0'}` })).toBe(
      'invalid',
    );
    expect(verify({ signature: SIGNATURE.toUpperCase() })).toBe('invalid');
  });

  it('signs the token generation when it is above 1, so raising it ends the links signed before', () => {
    const secondGeneration = createHmac('sha256', TEST_SIGNING_KEY)
      .update(`report-index-v1\nacme\n${EXPIRES}\ngeneration 2`)
      .digest('hex');
    const link = signReportIndexLink({
      generation: 2,
      baseUrl: 'https://reports.example.com',
      account: 'acme',
      expiresAt: EXPIRES_AT,
      signingKey: TEST_SIGNING_KEY,
    });
    expect(new URL(link).searchParams.get('signature')).toBe(secondGeneration);
    expect(verify({ generation: 2, signature: secondGeneration })).toBe('valid');
    expect(verify({ generation: 2 })).toBe('invalid');
  });

  it('says invalid rather than expired for a forged link past its time', () => {
    expect(verify({ account: 'globex', now: EXPIRES_AT })).toBe('invalid');
  });

  it('never takes the signature of a file link for an index link', () => {
    const fileLink = new URL(
      signReportLink({
        generation: 1,
        baseUrl: 'https://r.example',
        account: 'acme',
        period: '2026-10',
        fileName: 'report.html',
        expiresAt: EXPIRES_AT,
        signingKey: TEST_SIGNING_KEY,
      }),
    );
    expect(verify({ signature: fileLink.searchParams.get('signature') })).toBe('invalid');
  });

  it.each([
    ['no expiry', { expires: undefined }],
    ['an expiry that is not a number', { expires: '17959968OO' }],
    ['no signature', { signature: undefined }],
    ['a short signature', { signature: SIGNATURE.slice(1) }],
    ['an account that is not a name', { account: 'Acme' }],
    ['an account that is a list', { account: ['acme'] }],
  ])('says invalid for %s', (_case, overrides) => {
    expect(verify(overrides)).toBe('invalid');
  });
});
