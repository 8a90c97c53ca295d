import { describe, expect, it } from 'vitest';
import { readClientOptions } from '../../../lib/invoicing/client';
import { nodeHttpTransport } from '../../../lib/invoicing/node-http-transport';
import { thrownParameterError } from './support/caught';

const apiKey = 'sk-test-5f0c1d2e3a4b';

describe('readClientOptions', () => {
  it('fills in the documented defaults', () => {
    const settings = readClientOptions({ baseUrl: 'https://api.example.com/v1', apiKey });

    expect(settings).toMatchObject({
      baseUrl: 'https://api.example.com/v1',
      apiKey,
      pageSize: 100,
      concurrency: 4,
      maxRetries: 4,
      timeoutMs: 30_000,
      maxRetryDelayMs: 30_000,
      maxPages: 100_000,
      maxAnswerBytes: 16 * 1024 * 1024,
    });
    expect(typeof settings.transport).toBe('function');
    expect(typeof settings.sleep).toBe('function');
  });

  it('strips trailing slashes and keeps the path prefix', () => {
    expect(readClientOptions({ baseUrl: 'https://api.example.com/v1//', apiKey }).baseUrl).toBe(
      'https://api.example.com/v1',
    );
    expect(readClientOptions({ baseUrl: 'http://127.0.0.1:4010/', apiKey }).baseUrl).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it('trims the newline a key read from a file carries', () => {
    expect(readClientOptions({ baseUrl: 'https://api.example.com', apiKey: `${apiKey}\n` }).apiKey).toBe(
      apiKey,
    );
  });

  it('refuses a base URL that is not http(s) or has a query', () => {
    expect(
      thrownParameterError(() => readClientOptions({ baseUrl: 'ftp://example.com', apiKey })).issues,
    ).toEqual(['baseUrl: expected an http(s) URL without query or fragment']);
    expect(
      thrownParameterError(() => readClientOptions({ baseUrl: 'https://example.com/?v=1', apiKey })).issues,
    ).toHaveLength(1);
    expect(
      thrownParameterError(() => readClientOptions({ baseUrl: 'example.com', apiKey })).issues,
    ).toHaveLength(1);
  });

  it('sends through node:http unless a fetch is given', () => {
    const viaFetch = readClientOptions({ baseUrl: 'https://example.com', apiKey, fetch: globalThis.fetch });

    expect(readClientOptions({ baseUrl: 'https://example.com', apiKey }).transport).toBe(nodeHttpTransport);
    expect(viaFetch.transport).not.toBe(nodeHttpTransport);
  });

  it('names bad numeric options', () => {
    const error = thrownParameterError(() =>
      readClientOptions({
        baseUrl: 'https://example.com',
        apiKey,
        pageSize: 0,
        concurrency: 1.5,
        maxRetries: -1,
        maxAnswerBytes: 0,
      }),
    );

    expect(error.issues.map((issue) => issue.split(':')[0])).toEqual([
      'pageSize',
      'concurrency',
      'maxRetries',
      'maxAnswerBytes',
    ]);
  });

  it('refuses an empty key, and a key with spaces without showing it', () => {
    expect(
      thrownParameterError(() => readClientOptions({ baseUrl: 'https://example.com', apiKey: '  ' })).issues,
    ).toEqual(['apiKey: expected a non-empty API key']);
    const error = thrownParameterError(() =>
      readClientOptions({ baseUrl: 'https://example.com', apiKey: 'secret part two' }),
    );
    expect(error.issues).toEqual(['apiKey: expected printable ASCII without spaces']);
    expect(error.message).not.toContain('secret');
  });

  it('refuses an option it does not know', () => {
    const options = { baseUrl: 'https://example.com', apiKey, pagesize: 10 };

    expect(thrownParameterError(() => readClientOptions(options)).issues).toEqual([
      'pagesize: not accepted here',
    ]);
  });
});
