import { join, resolve } from 'node:path';
import { findAccount } from '../config';
import { createS3Client, createSesClient, deliveryStatus, reportPrefix, signReportLinks } from '../delivery';
import { monthName } from '../period';
import {
  type DeliveryContext,
  deliverReport,
  type PublishContext,
  type ReportDeliveryResult,
  resolveReportPeriod,
} from '../pipeline';
import { fetchedInWords, fetchRanges, formatCount, formatInstant, formatUSD, reportPeriod } from '../report';
import { createReportApi, reportApiOptionsFor } from '../report-api';
import { startSandbox } from '../sandbox';
import { InMemorySecretSource } from '../secrets';
import { localDemoConfig } from './demo-config';
import { startS3Emulator, startSesEmulator } from './emulators';
import { LocalStackError, PortUnavailableError } from './errors';
import { loadLinkSigningKey } from './link-signing-key';
import { probePort } from './port-probe';
import { reportApiLogLines } from './report-api-log';
import { RunningParts } from './running-parts';
import { serveOnLoopback } from './serve-on-loopback';
import {
  LOCAL_STACK_DEFAULTS,
  LOCAL_STACK_ENV,
  type LocalService,
  type LocalStackPorts,
  SERVICE_NAMES,
} from './settings';
import { prepareStateDirs } from './state-dir';

/** The S3 emulator's bucket for reports. */
export const LOCAL_BUCKET = 'invoice-reports-local';

/** The one account of the local stack (see `localDemoConfig`). */
export const LOCAL_ACCOUNT = 'demo';

/** Options of `startLocalStack`; `npm start` fills them from `readLocalStackEnv`. */
export interface LocalStackOptions {
  /** 0 picks a free port. */
  ports: LocalStackPorts;
  /** Holds the S3 emulator's objects (`s3/`), the link signing key and build folders; created (or tightened) owner-only, 0700. */
  stateDir: string;
  /** @default 'local-dev-token' */
  reportApiToken?: string;
  /** @default 'sandbox-key' */
  sandboxApiKey?: string;
  /** The `demo` account's time zone. @default 'UTC' */
  timezone?: string;
  /** The clock of the sandbox's data, the report month and the links. @default () => new Date() */
  now?: () => Date;
  /**
   * Lines saying what the stack does: each step of the start, records fetched while the report is
   * built, then the report API's log (reports it built, failures on its side). @default none
   */
  log?: (line: string) => void;
  /** Aborting it while the stack starts stops what has started; the start then rejects with its reason. */
  signal?: AbortSignal;
}

/** A running local stack and where to look. */
export interface LocalStack {
  account: string;
  /** The month built and emailed (or found emailed) at start: last month in the account's zone. */
  month: string;
  timezone: string;
  reportApiUrl: string;
  reportApiToken: string;
  sandboxUrl: string;
  sandboxApiKey: string;
  s3Endpoint: string;
  sesEndpoint: string;
  /** aws-ses-v2-local's web page listing the sent mail. */
  mailViewerUrl: string;
  recipients: string[];
  /** What delivery did at start: `sent` now, or `already-sent` by an earlier start. */
  delivery: ReportDeliveryResult;
  /** The HTML report through the report API, signed to last `linkLifetimeDays`. */
  signedReportLink: string;
  /** The second the link stops working. */
  linkExpiresAt: Date;
  linkLifetimeDays: number;
  bucket: string;
  /** `s3://invoice-reports-local/reports/demo/2026-10/`. */
  s3Location: string;
  /** The S3 emulator's folder for that prefix (its files end in `._S3rver_object`). */
  s3Folder: string;
  /** Absolute. */
  stateDir: string;
  /** Stops the report API, the emulators and the sandbox, and frees their ports. */
  close(): Promise<void>;
}

/**
 * Runs `start`; when it fails and its fixed port is taken, the failure becomes a `PortUnavailableError`
 * naming the variable to change. Each server reports a taken port its own way, so the port is asked.
 */
async function startOnPort<T>(service: LocalService, port: number, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (port !== 0) {
      const state = await probePort(port).catch(() => 'free' as const);
      if (state !== 'free') {
        throw new PortUnavailableError(SERVICE_NAMES[service], port, LOCAL_STACK_ENV.ports[service], state, {
          cause: error,
        });
      }
    }
    throw error;
  }
}

/** What delivery did, in a line: the headline figures and where the report went, or that it was sent before. */
function deliveryLine(
  result: ReportDeliveryResult,
  monthLabel: string,
  s3Location: string,
  recipients: string[],
  timezone: string,
): string {
  if (result.status === 'already-sent') {
    return `${monthLabel} was emailed on ${formatInstant(result.sentAt, timezone)}: not sending it again`;
  }
  const figures = result.figures
    ? `${formatCount(result.figures.paidInvoices)} of ${formatCount(result.figures.invoices)} invoices paid, ` +
      `${formatUSD(result.figures.paidTotalUSD)}; `
    : '';
  return `${monthLabel}: ${figures}saved to ${s3Location} and emailed to ${recipients.join(', ')}`;
}

/**
 * Starts the whole product on one machine, on 127.0.0.1: the sandbox (the service's stand-in), the S3
 * and SES emulators, and the report API (the same Hono app as on Lambda). Then it builds last month's
 * report for the `demo` account and emails it through the real delivery code, unless an earlier start
 * with the same state directory already did (the delivery record lives in the S3 emulator).
 *
 * When anything fails, everything already started is stopped before the error is thrown.
 * @example
 * ```ts
 * const stack = await startLocalStack({ ports: { reportApi: 0, sandbox: 0, s3Emulator: 0, sesEmulator: 0 }, stateDir });
 * console.log(stack.signedReportLink);
 * await stack.close();
 * ```
 * @throws PortUnavailableError naming the variable of a port that is taken; LocalStackError for the
 * state directory or the signing key; whatever building or delivering the report throws
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const { ports, signal } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const reportApiToken = options.reportApiToken ?? LOCAL_STACK_DEFAULTS.reportApiToken;
  const sandboxApiKey = options.sandboxApiKey ?? LOCAL_STACK_DEFAULTS.sandboxApiKey;
  const timezone = options.timezone ?? LOCAL_STACK_DEFAULTS.timezone;
  const stateDir = resolve(options.stateDir);
  const running = new RunningParts();
  // Stops at once, so a report being built fails fast instead of finishing first.
  const stopOnAbort = () => void running.stopAll().catch(() => {});
  signal?.addEventListener('abort', stopOnAbort, { once: true });
  try {
    signal?.throwIfAborted();
    const { workDir, s3Directory, tightened } = await prepareStateDirs(stateDir);
    for (const { path, previousMode } of tightened) {
      log(`made ${path} readable by its owner only (it was ${previousMode.toString(8).padStart(4, '0')})`);
    }
    const signingKey = await loadLinkSigningKey(stateDir);

    const sandbox = await startOnPort('sandbox', ports.sandbox, () =>
      startSandbox({ port: ports.sandbox, apiKey: sandboxApiKey, now: now() }),
    );
    running.add(sandbox.close);
    signal?.throwIfAborted();
    log(`sandbox        ${sandbox.url}`);

    const s3 = await startOnPort('s3Emulator', ports.s3Emulator, () =>
      startS3Emulator({ port: ports.s3Emulator, directory: s3Directory, buckets: [LOCAL_BUCKET] }),
    );
    running.add(s3.close);
    signal?.throwIfAborted();
    log(`S3 emulator    ${s3.endpoint}`);

    const ses = await startOnPort('sesEmulator', ports.sesEmulator, () =>
      startSesEmulator({ port: ports.sesEmulator }),
    );
    running.add(ses.close);
    signal?.throwIfAborted();
    log(`SES emulator   ${ses.endpoint}`);

    const config = localDemoConfig({ apiUrl: sandbox.url, timezone });
    const account = findAccount(config, LOCAL_ACCOUNT);
    if (!account) throw new LocalStackError(`the local configuration has no ${LOCAL_ACCOUNT} account`);
    const secrets = new InMemorySecretSource({
      [account.apiKeySecretName]: sandboxApiKey,
      [config.reportApiTokenSecretName]: reportApiToken,
      [config.linkSigningKeySecretName]: signingKey,
    });
    const s3Client = createS3Client({ endpoint: s3.endpoint });
    const sesClient = createSesClient({ endpoint: ses.endpoint });
    running.add(() => {
      s3Client.destroy();
      sesClient.destroy();
    });
    const publish: PublishContext = {
      s3: s3Client,
      bucket: LOCAL_BUCKET,
      secrets,
      workDir,
      ...(options.now ? { now: options.now } : {}),
    };

    const api = await startOnPort('reportApi', ports.reportApi, () =>
      serveOnLoopback(ports.reportApi, (url) =>
        createReportApi({
          ...reportApiOptionsFor(config, publish),
          publicUrl: url,
          logger: reportApiLogLines(log),
        }),
      ),
    );
    running.add(api.close);
    signal?.throwIfAborted();
    log(`report API     ${api.url}`);

    const month = resolveReportPeriod(account, undefined, now());
    const monthLabel = monthName(month);
    const status = await deliveryStatus({
      s3: s3Client,
      bucket: LOCAL_BUCKET,
      account: account.name,
      period: month,
    });
    // A claim never marked sent, or a record cut short, is what a start stopped while emailing leaves
    // (Ctrl-C, or tsx's SIGKILL when the process is busy). On AWS that needs a person to look; here the
    // mail went to an emulator that forgets it on every start, so the month is simply sent again.
    const unfinished = status.state === 'unreadable' || status.state === 'sending';
    if (unfinished) {
      log(`an earlier start stopped while emailing ${monthLabel}: building and sending it again`);
    } else if (status.state === 'none') {
      log(`building the ${monthLabel} report for ${account.name} from the sandbox...`);
    }
    const delivery: DeliveryContext = {
      ...publish,
      ses: sesClient,
      reportApiUrl: api.url,
      linkSigningKeySecretName: config.linkSigningKeySecretName,
      linkLifetimeDays: config.linkLifetimeDays,
    };
    const ranges = fetchRanges(reportPeriod(month, account.timezone, now()));
    let lastFetchedLine = '';
    const result = await deliverReport(delivery, account, {
      period: month,
      force: unfinished,
      onProgress: (fetched) => {
        const line = fetchedInWords(fetched, ranges, account.timezone);
        // Collection reports again when each list ends, often with the same counts.
        if (line !== lastFetchedLine) log(line);
        lastFetchedLine = line;
      },
    });
    signal?.throwIfAborted();
    const s3Location = `s3://${LOCAL_BUCKET}/${reportPrefix(account.name, month)}`;
    log(deliveryLine(result, monthLabel, s3Location, account.recipients, timezone));

    const { links, expiresAt: linkExpiresAt } = signReportLinks({
      baseUrl: api.url,
      account: account.name,
      period: month,
      files: ['report.html'],
      lifetimeDays: config.linkLifetimeDays,
      now: now(),
      signingKey,
    });

    return {
      account: account.name,
      month,
      timezone,
      reportApiUrl: api.url,
      reportApiToken,
      sandboxUrl: sandbox.url,
      sandboxApiKey,
      s3Endpoint: s3.endpoint,
      sesEndpoint: ses.endpoint,
      mailViewerUrl: `${ses.endpoint}/`,
      recipients: account.recipients,
      delivery: result,
      signedReportLink: links['report.html'],
      linkExpiresAt,
      linkLifetimeDays: config.linkLifetimeDays,
      bucket: LOCAL_BUCKET,
      s3Location,
      // s3rver keeps each key as a path under its directory: `<bucket>/<key>._S3rver_object`.
      s3Folder: join(s3Directory, LOCAL_BUCKET, reportPrefix(account.name, month)),
      stateDir,
      close: () => running.stopAll(),
    };
  } catch (error) {
    await running.stopAll().catch(() => {});
    if (signal?.aborted) throw signal.reason;
    throw error;
  } finally {
    signal?.removeEventListener('abort', stopOnAbort);
  }
}
