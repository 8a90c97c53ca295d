import {
  AccountSendingPausedException,
  MailFromDomainNotVerifiedException,
  MessageRejected,
  SESClient,
  SendRawEmailCommand,
} from '@aws-sdk/client-ses';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailOutcomeUnknownError, EmailSendError } from '../../../lib/delivery';
import { sendRawEmail, sesErrorCode, sesFailureKind } from '../../../lib/delivery/send-raw-email';
import { FORBIDDEN_PAGE, sdkErrorForAnswer, sesErrorXml } from './sdk-ses-answer';
import { sesErrorAnswer as sesError } from './ses-error-answer';

const credentials = { accessKeyId: 'x', secretAccessKey: 'y' };
// One attempt per request, as createSesClient makes it: sendRawEmail refuses a client that retries itself.
const ses = new SESClient({ region: 'us-east-1', credentials, maxAttempts: 1 });
const sesMock = mockClient(ses);

afterEach(() => {
  sesMock.reset();
});

function send(retry: Parameters<typeof sendRawEmail>[0]['retry'] = {}, client: SESClient = ses) {
  const delays: number[] = [];
  const result = sendRawEmail({
    ses: client,
    raw: Buffer.from('raw message'),
    from: 'reports@acme.example',
    to: ['books@acme.example'],
    retry: {
      sleep: async (ms) => {
        delays.push(ms);
      },
      random: () => 0.5,
      ...retry,
    },
  });
  return { result, delays };
}

describe('sendRawEmail', () => {
  it('hands SES the raw message with the envelope sender and recipients', async () => {
    sesMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-1' });
    const { result } = send();
    expect(await result).toEqual({ messageId: 'm-1', attempts: 1 });
    const input = sesMock.commandCalls(SendRawEmailCommand)[0]?.args[0].input;
    expect(input?.Source).toBe('reports@acme.example');
    expect(input?.Destinations).toEqual(['books@acme.example']);
    expect(Buffer.from(input?.RawMessage?.Data ?? []).toString()).toBe('raw message');
  });

  it('retries throttling with growing waits until SES accepts', async () => {
    sesMock
      .on(SendRawEmailCommand)
      .rejectsOnce(sesError('Throttling', 'Maximum sending rate exceeded.', 400))
      .rejectsOnce(sesError('ThrottlingException', 'Rate exceeded', 400))
      .resolvesOnce({ MessageId: 'm-2' });
    const { result, delays } = send();
    expect(await result).toEqual({ messageId: 'm-2', attempts: 3 });
    // Half (random 0.5) of 500 ms, then half of 1000 ms.
    expect(delays).toEqual([250, 500]);
  });

  it.each([
    [
      'a sending-rate message under another name',
      sesError('SomethingElse', 'Maximum sending rate exceeded.', 400),
    ],
    ['HTTP 429', sesError('TooManyRequests', 'slow down', 429)],
  ])('retries %s', async (_, error) => {
    sesMock.on(SendRawEmailCommand).rejectsOnce(error).resolvesOnce({ MessageId: 'm-3' });
    const { result } = send();
    expect(await result).toEqual({ messageId: 'm-3', attempts: 2 });
  });

  it.each([
    ['HTTP 503', sesError('ServiceUnavailable', 'try later', 503)],
    ['HTTP 500', sesError('InternalFailure', 'An internal failure occurred.', 500)],
    [
      'a reset connection',
      Object.assign(new Error('socket hang up'), { name: 'TimeoutError', code: 'ECONNRESET' }),
    ],
    [
      'a timeout',
      Object.assign(new Error('a request has exceeded the configured 60000 ms requestTimeout.'), {
        name: 'TimeoutError',
        code: 'ETIMEDOUT',
      }),
    ],
  ])(
    'does not retry %s, since SES may have accepted the message, and says the outcome is unknown',
    async (_, cause) => {
      sesMock.on(SendRawEmailCommand).rejectsOnce(cause).resolvesOnce({ MessageId: 'm-second' });
      const { result, delays } = send();
      const error = await result.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EmailOutcomeUnknownError);
      expect((error as EmailOutcomeUnknownError).attempts).toBe(1);
      expect((error as Error).message).toContain('SES may have accepted the email');
      expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(1);
      expect(delays).toEqual([]);
    },
  );

  it('names the network code of a lost answer', async () => {
    sesMock
      .on(SendRawEmailCommand)
      .rejects(Object.assign(new Error('socket hang up'), { name: 'TimeoutError', code: 'ECONNRESET' }));
    const error = (await send().result.catch((caught: unknown) => caught)) as EmailOutcomeUnknownError;
    expect(error.code).toBe('ECONNRESET');
    expect(error.message).toBe(
      'SES may have accepted the email: its answer to attempt 1 was lost or unclear (ECONNRESET: socket hang up)',
    );
  });

  it('refuses a client that retries on its own, before offering the message', async () => {
    const retrying = new SESClient({ region: 'us-east-1', credentials, maxAttempts: 3 });
    const retryingMock = mockClient(retrying);
    retryingMock.on(SendRawEmailCommand).resolves({ MessageId: 'm-never' });
    const error = (await send({}, retrying).result.catch((caught: unknown) => caught)) as EmailSendError;
    expect(error).toBeInstanceOf(EmailSendError);
    expect(error.code).toBe('ClientRetries');
    expect(error.attempts).toBe(0);
    expect(error.message).toContain('the SES client makes up to 3 attempts itself');
    expect(retryingMock.commandCalls(SendRawEmailCommand)).toHaveLength(0);
    retryingMock.restore();
  });

  it('surfaces a permanent rejection at once', async () => {
    sesMock.on(SendRawEmailCommand).rejects(
      new MessageRejected({
        message: 'Email address is not verified.',
        $metadata: { httpStatusCode: 400 },
      }),
    );
    const { result, delays } = send();
    const error = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EmailSendError);
    expect((error as EmailSendError).code).toBe('MessageRejected');
    expect((error as EmailSendError).attempts).toBe(1);
    expect((error as EmailSendError).message).toContain('Email address is not verified.');
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('does not retry an exhausted daily quota', async () => {
    sesMock.on(SendRawEmailCommand).rejects(sesError('Throttling', 'Daily message quota exceeded.', 400));
    const { result } = send();
    await expect(result).rejects.toThrow(EmailSendError);
    expect(sesMock.commandCalls(SendRawEmailCommand)).toHaveLength(1);
  });

  it('gives up after the last attempt and says how many were made', async () => {
    sesMock.on(SendRawEmailCommand).rejects(sesError('Throttling', 'Maximum sending rate exceeded.', 400));
    const { result, delays } = send({ maxAttempts: 4 });
    const error = (await result.catch((caught: unknown) => caught)) as EmailSendError;
    expect(error.code).toBe('Throttling');
    expect(error.attempts).toBe(4);
    expect(error.requestId).toBe('req-1');
    expect(delays).toEqual([250, 500, 1000]);
  });

  it('doubles the ceiling of each wait up to 20 s', async () => {
    sesMock.on(SendRawEmailCommand).rejects(sesError('Throttling', 'Maximum sending rate exceeded.', 400));
    const { result, delays } = send({ maxAttempts: 8, random: () => 0.999 });
    await expect(result).rejects.toThrow(EmailSendError);
    expect(delays).toEqual([499, 999, 1998, 3996, 7992, 15984, 19980]);
  });
});

/** A network error as the SDK's HTTP handler throws it (it names a reset `TimeoutError`). */
function networkError(name: string, code: string, message: string): Error {
  return Object.assign(new Error(message), { name, code, $metadata: { attempts: 1 } });
}

/** An answer the SDK could not read: no fault, only the status it came with. */
function unreadableAnswer(httpStatusCode: number): Error {
  return Object.assign(new Error('@aws-sdk XML parse error: unexpected content.\n  Deserialization error'), {
    $metadata: { httpStatusCode },
  });
}

describe('sesFailureKind', () => {
  it.each([
    ['Throttling', sesError('Throttling', 'Maximum sending rate exceeded.', 400)],
    ['ThrottlingException', sesError('ThrottlingException', 'Rate exceeded', 400)],
    ['TooManyRequestsException', sesError('TooManyRequestsException', 'slow down', 400)],
    ['a sending-rate message under another name', sesError('Other', 'Maximum sending rate exceeded.', 400)],
    ['HTTP 429', sesError('TooManyRequests', 'slow down', 429)],
  ])('calls %s throttled: refused for now, may be sent later', (_, error) => {
    expect(sesFailureKind(error)).toBe('throttled');
  });

  it.each([
    ['an exhausted daily quota', sesError('Throttling', 'Daily message quota exceeded.', 400)],
    [
      'MessageRejected',
      new MessageRejected({ message: 'Email address is not verified.', $metadata: { httpStatusCode: 400 } }),
    ],
    [
      'MailFromDomainNotVerifiedException',
      new MailFromDomainNotVerifiedException({ message: 'no MX', $metadata: { httpStatusCode: 400 } }),
    ],
    [
      'AccountSendingPausedException',
      new AccountSendingPausedException({ message: 'paused', $metadata: { httpStatusCode: 400 } }),
    ],
    ['InvalidParameterValue', sesError('InvalidParameterValue', 'Missing final "@domain"', 400)],
    ['AccessDenied', sesError('AccessDenied', 'not authorized to perform ses:SendRawEmail', 403)],
    ['SignatureDoesNotMatch', sesError('SignatureDoesNotMatch', 'signature mismatch', 403)],
    ['ExpiredToken', sesError('ExpiredToken', 'The security token included in the request is expired', 400)],
    ['a refused connection', networkError('Error', 'ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.1:443')],
    ['an unknown host', networkError('Error', 'ENOTFOUND', 'getaddrinfo ENOTFOUND email.example')],
    ['a failed DNS lookup', networkError('Error', 'EAI_AGAIN', 'getaddrinfo EAI_AGAIN email.example')],
    [
      'credentials that could not be loaded',
      Object.assign(new Error('Could not load credentials from any providers'), {
        name: 'CredentialsProviderError',
      }),
    ],
  ])('calls %s refused: SES did not send it', (_, error) => {
    expect(sesFailureKind(error)).toBe('refused');
  });

  it.each([
    ['a reset connection', networkError('TimeoutError', 'ECONNRESET', 'socket hang up')],
    ['a request timeout', networkError('TimeoutError', 'ETIMEDOUT', 'a request has exceeded 300 ms')],
    ['a broken pipe', networkError('Error', 'EPIPE', 'write EPIPE')],
    ['a socket timeout', Object.assign(new Error('the request socket timed out'), { name: 'TimeoutError' })],
    ['an aborted request', Object.assign(new Error('Request aborted'), { name: 'AbortError' })],
    ['InternalFailure (500)', sesError('InternalFailure', 'An internal failure occurred.', 500)],
    ['ServiceUnavailable (503)', sesError('ServiceUnavailable', 'try later', 503)],
    ['a 503 that is not in SES error format', unreadableAnswer(503)],
    ['a 200 that could not be read', unreadableAnswer(200)],
    ['a 400 that is not in SES error format', unreadableAnswer(400)],
    ['a plain error', new Error('boom')],
    ['a thrown string', 'boom'],
  ])('calls %s unknown: SES may have accepted it', (_, error) => {
    expect(sesFailureKind(error)).toBe('unknown');
  });
});

describe('sesFailureKind of answers as the SES client reads them', () => {
  it.each([
    ['a 403 with an HTML page (a proxy, not SES)', 403, 'text/html', FORBIDDEN_PAGE],
    ['a 403 with an empty body', 403, 'text/html', ''],
    ['a 404 with an HTML page', 404, 'text/html', '<html><body>Not Found</body></html>'],
    ['a 429 with an HTML page', 429, 'text/html', '<html><body>Too Many Requests</body></html>'],
    ['a 400 with plain text', 400, 'text/plain', 'bad request'],
  ])('calls %s unknown: nothing says SES refused it', async (_, status, contentType, body) => {
    expect(sesFailureKind(await sdkErrorForAnswer(status, contentType, body))).toBe('unknown');
  });

  it.each([
    ['AccessDenied (403)', 403, 'AccessDenied', 'refused'],
    ['MessageRejected (400)', 400, 'MessageRejected', 'refused'],
    ['Throttling (400)', 400, 'Throttling', 'throttled'],
  ])("calls SES's own %s answer by its code", async (_, status, code, kind) => {
    const error = await sdkErrorForAnswer(status, 'text/xml', sesErrorXml(code, 'not now'));
    expect(sesFailureKind(error)).toBe(kind);
  });

  it('names an answer not in SES error format by its status', async () => {
    expect(sesErrorCode(await sdkErrorForAnswer(403, 'text/html', FORBIDDEN_PAGE))).toBe('HTTP 403');
  });
});

describe('sesErrorCode', () => {
  it.each([
    [
      'the network code of a reset the SDK names TimeoutError',
      networkError('TimeoutError', 'ECONNRESET', 'socket hang up'),
      'ECONNRESET',
    ],
    ['the SES error name', sesError('InternalFailure', 'oops', 500), 'InternalFailure'],
    ['the status of an answer that could not be read', unreadableAnswer(503), 'HTTP 503'],
  ])('gives %s', (_, error, code) => {
    expect(sesErrorCode(error)).toBe(code);
  });
});
