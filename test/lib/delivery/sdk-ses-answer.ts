import { Readable } from 'node:stream';
import { MessageRejected, SESClient, SendRawEmailCommand } from '@aws-sdk/client-ses';

/**
 * The error the SES client itself makes of an HTTP answer to `SendRawEmail`: the answer is handed to the
 * SDK's own deserializer by a request handler that never opens a connection.
 */
export async function sdkErrorForAnswer(status: number, contentType: string, body: string): Promise<Error> {
  const ses = new SESClient({
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
    maxAttempts: 1,
    requestHandler: {
      handle: async () => ({
        response: {
          statusCode: status,
          headers: { 'content-type': contentType },
          body: Readable.from([Buffer.from(body)]),
        },
      }),
    },
  });
  try {
    await ses.send(new SendRawEmailCommand({ RawMessage: { Data: Buffer.from('raw') } }));
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  } finally {
    ses.destroy();
  }
  throw new Error(`the SDK took the ${status} answer as a success`);
}

/** A page a proxy or load balancer in front of SES might answer with. */
export const FORBIDDEN_PAGE =
  '<html><head><title>403 Forbidden</title></head><body><h1>403 Forbidden</h1></body></html>';

/** An error answer as SES's query API writes it. */
export function sesErrorXml(code: string, message: string): string {
  return (
    '<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/">' +
    `<Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error>` +
    '<RequestId>req-1</RequestId></ErrorResponse>'
  );
}

/** SES refusing a message for sure, as the SDK throws it: the sender's address is not verified. */
export function messageRejected(): MessageRejected {
  return new MessageRejected({
    message: 'Email address is not verified.',
    $metadata: { httpStatusCode: 400 },
  });
}
