import type { S3Client } from '@aws-sdk/client-s3';
import type { SESClient } from '@aws-sdk/client-ses';
import type { SecretSource } from '../delivery';
import type { InvoicingClientHooks, InvoicingClientOptions } from '../invoicing';
import type { ReportMetrics } from '../metrics';

/** What building and saving a report needs, wherever it runs (Lambda, the local stack, tests). */
export interface PublishContext {
  s3: S3Client;
  bucket: string;
  /** Where the accounts' API keys are read from. */
  secrets: SecretSource;
  /** @default () => new Date() */
  now?: () => Date;
  /** Where report folders are built before they are uploaded. @default os.tmpdir() */
  workDir?: string;
  /** Invoicing client settings beyond URL and key (concurrency, page size, test seams). */
  client?: Omit<InvoicingClientOptions, 'baseUrl' | 'apiKey'> & InvoicingClientHooks;
  /** Told of each report built and each email's outcome. @default NO_METRICS */
  metrics?: ReportMetrics;
}

/** What emailing a report needs on top of that. */
export interface DeliveryContext extends PublishContext {
  ses: SESClient;
  /** The report API's base URL: emailed links point there and stay valid for `linkLifetimeDays`. */
  reportApiUrl: string;
  /** The secret holding the key that signs those links. */
  linkSigningKeySecretName: string;
  linkLifetimeDays: number;
}
