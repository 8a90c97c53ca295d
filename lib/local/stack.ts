import { resolve } from 'node:path';
import {
  createS3Client,
  createSesClient,
  InMemorySecretSource,
  signReportIndexLink,
  signReportLinks,
} from '../delivery';
import type { DeliveryContext, PublishContext } from '../pipeline';
import { accountToken, createReportApi, reportApiOptionsFor } from '../report-api';
import { startSandbox } from '../sandbox';
import { localDemoConfig } from './demo-config';
import { startS3Emulator, startSesEmulator } from './emulators';
import { PortUnavailableError } from './errors';
import { type LocalAccountRun, runLocalMonthlyFanOut } from './local-fan-out';
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
import { ACCOUNT_TOKEN_KEY, LINK_SIGNING_KEY, loadStateKey } from './state-keys';

/** The S3 emulator's bucket for reports. */
export const LOCAL_BUCKET = 'invoice-reports-local';

/** Options of `startLocalStack`; `npm start` fills them from `readLocalStackEnv`. */
export interface LocalStackOptions {
  /** 0 picks a free port. */
  ports: LocalStackPorts;
  /**
   * Holds the S3 emulator's objects (`s3/`), the link signing key, the account token key and build
   * folders; created (or tightened) owner-only, 0700.
   */
  stateDir: string;
  /** @default 'local-dev-token' */
  reportApiToken?: string;
  /** @default 'sandbox-key' */
  sandboxApiKey?: string;
  /** The `demo` account's time zone (`demo-tokyo` is in Asia/Tokyo). @default 'UTC' */
  timezone?: string;
  /** The clock of the sandbox's data, the report months and the links. @default () => new Date() */
  now?: () => Date;
  /**
   * Lines saying what the stack does: each step of the start, records fetched while the reports are
   * built, what each account's run did, then the report API's log (reports it built, failures on its
   * side). @default none
   */
  log?: (line: string) => void;
  /** Aborting it while the stack starts stops what has started; the start then rejects with its reason. */
  signal?: AbortSignal;
}

/** What the monthly fan-out did at start for one local account, and where to look. */
export type LocalAccountReport = LocalAccountRun & {
  /** For a delivered report: its HTML through the report API, signed to last `linkLifetimeDays`. */
  signedReportLink?: string;
  /** For a delivered report: the account's list of reports, signed as the email's "All reports". */
  allReportsLink?: string;
  /** The account's own report API token, which reads that account only. */
  apiToken: string;
};

/** A running local stack and where to look. */
export interface LocalStack {
  /** Each local account's month, in the configuration's order (`demo` first). */
  reports: LocalAccountReport[];
  reportApiUrl: string;
  reportApiToken: string;
  sandboxUrl: string;
  sandboxApiKey: string;
  s3Endpoint: string;
  sesEndpoint: string;
  /** aws-ses-v2-local's web page listing the sent mail. */
  mailViewerUrl: string;
  /** The second the signed links stop working. */
  linkExpiresAt: Date;
  linkLifetimeDays: number;
  bucket: string;
  /** Absolute. */
  stateDir: string;
  /** Stops the report API, the emulators and the sandbox, and frees their ports. */
  close(): Promise<void>;
}

/**
 * A `PortUnavailableError` naming the variable to change when another program holds `service`'s fixed
 * port, or this user may not have it; `undefined` for a free port or port 0 (any free one).
 */
async function takenPortError(
  service: LocalService,
  port: number,
  options?: ErrorOptions,
): Promise<PortUnavailableError | undefined> {
  if (port === 0) return undefined;
  const state = await probePort(port);
  if (state === 'free') return undefined;
  return new PortUnavailableError(
    SERVICE_NAMES[service],
    port,
    LOCAL_STACK_ENV.ports[service],
    state,
    options,
  );
}

/**
 * Runs `start`; when it fails and its fixed port is taken, the failure becomes a `PortUnavailableError`
 * naming the variable to change. Each server reports a taken port its own way, so the port is asked.
 */
async function startOnPort<T>(service: LocalService, port: number, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const taken = await takenPortError(service, port, { cause: error }).catch(() => undefined);
    throw taken ?? error;
  }
}

/**
 * Refuses a fixed port that another program holds, or that this user may not have, before the stack
 * writes anything: a start refused for its port should leave no state folder behind. `startOnPort` still
 * names a port taken in the moment between this check and its server's start.
 * @throws PortUnavailableError for the first such port
 */
async function checkPortsAvailable(ports: LocalStackPorts): Promise<void> {
  for (const service of Object.keys(ports) as LocalService[]) {
    const taken = await takenPortError(service, ports[service]);
    if (taken) throw taken;
  }
}

/**
 * Starts the whole product on one machine, on 127.0.0.1: the sandbox (the service's stand-in), the S3
 * and SES emulators, and the report API (the same Hono app as on Lambda). Then it runs the monthly
 * fan-out for the local accounts (`demo` and `demo-tokyo`, see `runLocalMonthlyFanOut`): each builds
 * last month's report and emails it through the scheduled function's own code, unless an earlier start
 * with the same state directory already did (the delivery records live in the S3 emulator).
 *
 * When anything fails, everything already started is stopped before the error is thrown.
 * @example
 * ```ts
 * const stack = await startLocalStack({ ports: { reportApi: 0, sandbox: 0, s3Emulator: 0, sesEmulator: 0 }, stateDir });
 * console.log(stack.reports[0]?.signedReportLink);
 * await stack.close();
 * ```
 * @throws PortUnavailableError naming the variable of a port that is taken; LocalStackError for the
 * state directory, the signing key or the account token key (an account whose report fails is reported in `reports`)
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
    await checkPortsAvailable(ports);
    const { workDir, s3Directory, tightened } = await prepareStateDirs(stateDir);
    for (const { path, previousMode } of tightened) {
      log(`made ${path} readable by its owner only (it was ${previousMode.toString(8).padStart(4, '0')})`);
    }
    const signingKey = await loadStateKey(stateDir, LINK_SIGNING_KEY);
    const accountTokenKey = await loadStateKey(stateDir, ACCOUNT_TOKEN_KEY);

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
    const secrets = new InMemorySecretSource({
      // Every local account reads the one sandbox, with its key.
      ...Object.fromEntries(config.accounts.map((account) => [account.apiKeySecretName, sandboxApiKey])),
      [config.reportApiTokenSecretName]: reportApiToken,
      [config.linkSigningKeySecretName]: signingKey,
      [config.accountTokenKeySecretName]: accountTokenKey,
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

    const delivery: DeliveryContext = {
      ...publish,
      ses: sesClient,
      reportApiUrl: api.url,
      linkSigningKeySecretName: config.linkSigningKeySecretName,
      linkLifetimeDays: config.linkLifetimeDays,
    };
    const runs = await runLocalMonthlyFanOut({ config, context: delivery, now, s3Directory, log, signal });
    signal?.throwIfAborted();

    const linkTime = now();
    let linkExpiresAt = linkTime;
    const tokenKey = { value: accountTokenKey, secretName: config.accountTokenKeySecretName };
    const reports = runs.map((run): LocalAccountReport => {
      const generation =
        config.accounts.find((account) => account.name === run.account)?.tokenGeneration ?? 1;
      const apiToken = accountToken(tokenKey, run.account, generation);
      if (run.outcome.status !== 'delivered') return { ...run, apiToken };
      const signed = signReportLinks({
        baseUrl: api.url,
        account: run.account,
        period: run.month,
        files: ['report.html'],
        lifetimeDays: config.linkLifetimeDays,
        now: linkTime,
        generation,
        signingKey,
      });
      linkExpiresAt = signed.expiresAt;
      return {
        ...run,
        apiToken,
        signedReportLink: signed.links['report.html'],
        allReportsLink: signReportIndexLink({
          baseUrl: api.url,
          account: run.account,
          expiresAt: signed.expiresAt,
          generation,
          signingKey,
        }),
      };
    });

    return {
      reports,
      reportApiUrl: api.url,
      reportApiToken,
      sandboxUrl: sandbox.url,
      sandboxApiKey,
      s3Endpoint: s3.endpoint,
      sesEndpoint: ses.endpoint,
      mailViewerUrl: `${ses.endpoint}/`,
      linkExpiresAt,
      linkLifetimeDays: config.linkLifetimeDays,
      bucket: LOCAL_BUCKET,
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
