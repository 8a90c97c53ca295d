import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { SESClient } from '@aws-sdk/client-ses';
import {
  type AccountConfig,
  type DeploymentConfigInput,
  parseDeploymentConfig,
} from '../../../../lib/config';
import { createS3Client, createSesClient } from '../../../../lib/delivery';
import type { ReportFileName } from '../../../../lib/delivery/report-files';
import { InMemorySecretSource } from '../../../../lib/delivery/secrets';
import {
  type RunningEmulator,
  readSesStore,
  type StoredEmail,
  startS3Emulator,
  startSesEmulator,
} from '../../../../lib/local/emulators';
import type { DeliveryContext } from '../../../../lib/pipeline';
import { type RunningSandbox, startSandbox } from '../../../../lib/sandbox';
import { servedFileKey } from '../../../support/served-file-key';
import { clearSesStore } from '../../../support/ses-store';
import { acmeMonthDataset } from './acme-month';

export const BUCKET = 'invoice-reports-test';
export const SANDBOX_API_KEY = 'acme-sandbox-key-7f3a91';
export const SIGNING_KEY = 'link-signing-key-for-tests-0123456789abcdef';
export const SIGNING_KEY_SECRET = 'invoice-reports/link-signing-key';
export const REPORT_API_URL = 'https://reports.example.com';
/** 06:00 on 1 November 2026 in Berlin (UTC+1), when the schedule fires. */
export const NOW = new Date('2026-11-01T05:00:00Z');
export const RECIPIENTS = ['books@acme.example', 'ana@accountants.example'];

/** An account named `name` reading from the sandbox, its API key in `invoice-reports/<name>/api-key`. */
export function accountConfig(sandboxUrl: string, name = 'acme'): AccountConfig {
  const input: DeploymentConfigInput = {
    accounts: [
      {
        name,
        displayName: 'Acme Corp',
        apiUrl: sandboxUrl,
        apiKeySecretName: `invoice-reports/${name}/api-key`,
        timezone: 'Europe/Berlin',
        recipients: RECIPIENTS,
        sender: 'reports@acme.example',
      },
    ],
    alarmEmail: 'ops@example.com',
  };
  return parseDeploymentConfig(input).accounts[0]!;
}

/** Counts the requests an invoicing client makes, through its `fetch` seam. */
export function countingFetch(): { fetch: typeof globalThis.fetch; calls: () => number } {
  let calls = 0;
  return {
    fetch: (input, init) => {
      calls += 1;
      return globalThis.fetch(input, init);
    },
    calls: () => calls,
  };
}

/** S3 and SES on the local emulators and the service on the sandbox (serving `acmeMonthDataset`). */
export interface PipelineHarness {
  s3: S3Client;
  ses: SESClient;
  sandbox: RunningSandbox;
  secrets: InMemorySecretSource;
  /** Where report folders are built; each test's runs should leave it empty. */
  workDir: string;
  /** A delivery context for the emulators, the clock at `NOW`. */
  context(overrides?: Partial<DeliveryContext>): DeliveryContext;
  emails(): Promise<StoredEmail[]>;
  clearEmails(): Promise<void>;
  /** Keys under `reports/<account>/<month>/`, sorted. */
  objectKeys(account: string, month: string): Promise<string[]>;
  /** An object's bytes, or `null` when there is none. */
  objectBytes(key: string): Promise<Buffer | null>;
  /** The key of a file of the build the period's manifest names (it fails when there is none). */
  servedKey(account: string, period: string, fileName: ReportFileName): Promise<string>;
  /** What is left in `workDir`. */
  workDirEntries(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startPipelineHarness(): Promise<PipelineHarness> {
  const root = await mkdtemp(join(tmpdir(), 'pipeline-'));
  const workDir = join(root, 'work');
  const emulators: RunningEmulator[] = [];
  const s3Emulator = await startS3Emulator({ port: 0, directory: join(root, 's3'), buckets: [BUCKET] });
  emulators.push(s3Emulator);
  const sesEmulator = await startSesEmulator({ port: 0 });
  emulators.push(sesEmulator);
  const sandbox = await startSandbox({
    port: 0,
    apiKey: SANDBOX_API_KEY,
    now: NOW,
    dataset: acmeMonthDataset('2026-10'),
  });
  await mkdir(workDir);

  const s3 = createS3Client({ endpoint: s3Emulator.endpoint });
  const ses = createSesClient({ endpoint: sesEmulator.endpoint });
  const secrets = new InMemorySecretSource({
    'invoice-reports/acme/api-key': SANDBOX_API_KEY,
    [SIGNING_KEY_SECRET]: SIGNING_KEY,
  });

  return {
    s3,
    ses,
    sandbox,
    secrets,
    workDir,
    context: (overrides = {}) => ({
      s3,
      ses,
      bucket: BUCKET,
      secrets,
      now: () => NOW,
      workDir,
      reportApiUrl: REPORT_API_URL,
      linkSigningKeySecretName: SIGNING_KEY_SECRET,
      linkLifetimeDays: 30,
      ...overrides,
    }),
    emails: () => readSesStore(sesEmulator.endpoint),
    clearEmails: () => clearSesStore(sesEmulator.endpoint),
    objectKeys: async (account, month) => {
      const listed = await s3.send(
        new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `reports/${account}/${month}/` }),
      );
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    objectBytes: async (key) => {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    servedKey: (account, period, fileName) => servedFileKey(s3, BUCKET, account, period, fileName),
    workDirEntries: () => readdir(workDir),
    close: async () => {
      s3.destroy();
      ses.destroy();
      await sandbox.close();
      for (const emulator of emulators) await emulator.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
