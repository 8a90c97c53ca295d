import {
  AccountSendingPausedException,
  MailFromDomainNotVerifiedException,
  MessageRejected,
} from '@aws-sdk/client-ses';
import { describe, expect, it } from 'vitest';
import { sesErrorCode, sesFailureKind } from '../../../lib/delivery/send-raw-email';
import { FORBIDDEN_PAGE, sdkErrorForAnswer, sesErrorXml } from './sdk-ses-answer';
import { sesErrorAnswer as sesAnswer } from './ses-error-answer';

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
    ['Throttling', sesAnswer('Throttling', 'Maximum sending rate exceeded.', 400)],
    ['ThrottlingException', sesAnswer('ThrottlingException', 'Rate exceeded', 400)],
    ['TooManyRequestsException', sesAnswer('TooManyRequestsException', 'slow down', 400)],
    ['a sending-rate message under another name', sesAnswer('Other', 'Maximum sending rate exceeded.', 400)],
    ['HTTP 429', sesAnswer('TooManyRequests', 'slow down', 429)],
  ])('calls %s throttled: refused for now, may be sent later', (_, error) => {
    expect(sesFailureKind(error)).toBe('throttled');
  });

  it.each([
    ['an exhausted daily quota', sesAnswer('Throttling', 'Daily message quota exceeded.', 400)],
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
    ['InvalidParameterValue', sesAnswer('InvalidParameterValue', 'Missing final "@domain"', 400)],
    ['AccessDenied', sesAnswer('AccessDenied', 'not authorized to perform ses:SendRawEmail', 403)],
    ['SignatureDoesNotMatch', sesAnswer('SignatureDoesNotMatch', 'signature mismatch', 403)],
    ['ExpiredToken', sesAnswer('ExpiredToken', 'The security token included in the request is expired', 400)],
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
    ['InternalFailure (500)', sesAnswer('InternalFailure', 'An internal failure occurred.', 500)],
    ['ServiceUnavailable (503)', sesAnswer('ServiceUnavailable', 'try later', 503)],
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
    ['the SES error name', sesAnswer('InternalFailure', 'oops', 500), 'InternalFailure'],
    ['the status of an answer that could not be read', unreadableAnswer(503), 'HTTP 503'],
  ])('gives %s', (_, error, code) => {
    expect(sesErrorCode(error)).toBe(code);
  });
});
