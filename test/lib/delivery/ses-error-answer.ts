import { SESServiceException } from '@aws-sdk/client-ses';

/**
 * An error answer of SES as the SDK makes it from SES's XML: `$fault` by status, as the SDK sets it,
 * and request id `req-1`.
 */
export function sesErrorAnswer(name: string, message: string, httpStatusCode: number): SESServiceException {
  return new SESServiceException({
    name,
    message,
    $fault: httpStatusCode >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode, requestId: 'req-1' },
  });
}
