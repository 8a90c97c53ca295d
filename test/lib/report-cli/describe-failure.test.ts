import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../lib/config';
import {
  InvoicingAuthenticationError,
  InvoicingNetworkError,
  InvoicingServerError,
  InvoicingTimeoutError,
} from '../../../lib/invoicing/errors';
import { ReportRequestError } from '../../../lib/period';
import { describeFailure, exitCodeFor } from '../../../lib/report-cli/describe-failure';

const context = { apiUrl: 'https://user:pw@api.example.com/v1?token=abc', apiKey: 'secret-key-123' };

describe('exitCodeFor', () => {
  it('gives 2 for usage errors and bad report requests, 1 for anything else', () => {
    expect(exitCodeFor(new UsageError('x'))).toBe(2);
    expect(exitCodeFor(new ReportRequestError('x'))).toBe(2);
    expect(exitCodeFor(new InvoicingAuthenticationError('x'))).toBe(1);
    expect(exitCodeFor(new Error('x'))).toBe(1);
    expect(exitCodeFor('thrown text')).toBe(1);
  });
});

describe('describeFailure', () => {
  it('says that authentication failed, where, and where the key comes from', () => {
    const error = new InvoicingAuthenticationError('refused (HTTP 401 from /invoices/list)', { status: 401 });
    expect(describeFailure(error, context)).toBe(
      "authentication failed: the invoicing service at https://api.example.com/v1 refused the API key (HTTP 401); the key comes from --api-key, or else INVOICING_API_KEY: give the account's API key there",
    );
  });

  it('names the one place a refused key came from', () => {
    const error = new InvoicingAuthenticationError('refused (HTTP 403 from /invoices/list)', { status: 403 });
    expect(describeFailure(error, { ...context, apiKeyFrom: 'INVOICING_API_KEY' })).toBe(
      "authentication failed: the invoicing service at https://api.example.com/v1 refused the API key (HTTP 403); the key comes from INVOICING_API_KEY: set it to the account's API key (or pass one with --api-key)",
    );
    expect(describeFailure(error, { ...context, apiKeyFrom: '--api-key' })).toBe(
      "authentication failed: the invoicing service at https://api.example.com/v1 refused the API key (HTTP 403); the key comes from --api-key: give the account's API key there (or set INVOICING_API_KEY and leave --api-key out)",
    );
  });

  it('names the URL it could not reach and the system reason', () => {
    const cause = Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    });
    const error = new InvoicingNetworkError('network error', { cause });
    expect(describeFailure(error, context)).toBe(
      'could not reach the invoicing service at https://api.example.com/v1 (ECONNREFUSED)',
    );
  });

  it('names the certificate problem of a service whose certificate was refused', () => {
    // The codes of OpenSSL's certificate checks have no leading E, unlike the system's.
    const cause = Object.assign(new Error('self-signed certificate'), {
      code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
    const error = new InvoicingNetworkError('network error', { cause });
    expect(describeFailure(error, context)).toBe(
      'could not reach the invoicing service at https://api.example.com/v1 (DEPTH_ZERO_SELF_SIGNED_CERT)',
    );
  });

  it('says how long it waited for a service that did not answer', () => {
    const error = new InvoicingTimeoutError('timed out', { timeoutMs: 30_000 });
    expect(describeFailure(error, context)).toBe(
      'the invoicing service at https://api.example.com/v1 did not answer within 30 s (after retries)',
    );
  });

  it('keeps the API key out of any message, even one that quotes it', () => {
    const error = new InvoicingServerError('HTTP 500: bad token secret-key-123\nTrace: at line 1', {
      status: 500,
    });
    const line = describeFailure(error, context);
    expect(line).toBe('the report failed: HTTP 500: bad token [redacted] Trace: at line 1');
  });

  it('reports a file system failure as a failure to write the report', () => {
    const error = Object.assign(new Error("EACCES: permission denied, mkdir '/root/reports'"), {
      code: 'EACCES',
      syscall: 'mkdir',
    });
    expect(describeFailure(error)).toBe(
      "could not write the report: EACCES: permission denied, mkdir '/root/reports'",
    );
  });

  it('shortens a very long message to one bounded line', () => {
    const line = describeFailure(new Error(`boom ${'x'.repeat(1_000)}`));
    expect(line).toHaveLength(400);
    expect(line.endsWith('…')).toBe(true);
  });
});
