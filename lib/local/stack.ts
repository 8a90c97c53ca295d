import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { describeError } from '../config';
import {
  createS3Client,
  createSesClient,
  InMemorySecretSource,
  signReportIndexLink,
  signReportLinks,
} from '../delivery';
import type { DeliveryContext, PublishContext } from '../pipeline';
import { accountToken, createReportApi, type ReportApiLogger, reportApiOptionsFor } from '../report-api';
import { serveOnLoopback, startSandbox } from '../sandbox';
import { startS3Emulator, startSesEmulator } from './emulators';
import { LocalStackError } from './errors';
import { type LocalAccountRun, runLocalMonthlyFanOut } from './local-fan-out';
import { type LocalService, localDemoConfig, type readLocalStackEnv, SERVICES } from './settings';
import { ACCOUNT_TOKEN_KEY, LINK_SIGNING_KEY, loadStateKey, prepareStateDirs } from './state';

export const LOCAL_BUCKET = 'invoice-reports-local';

type LocalSettings = ReturnType<typeof readLocalStackEnv>;

/** Options of `startLocalStack`; `npm start` fills them from `readLocalStackEnv`. */
type LocalStackOptions = Partial<LocalSettings> &
  Pick<LocalSettings, 'ports' | 'stateDir'> & {
    /** The clock of the sandbox's data, the report months and the links. */
    now?: () => Date;
    /** Lines saying what the stack does: its start, the reports' progress and runs, the report API's log. */
    log?: (line: string) => void;
    /** Aborting it while the stack starts stops what has started; the start then rejects with its reason. */
    signal?: AbortSignal;
  };

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
export type LocalStack = Awaited<ReturnType<typeof startLocalStack>>;

/** Whether a loopback port can be listened on now (tried and let go). */
export function probePort(port: number, host = '127.0.0.1'): Promise<'free' | 'in-use' | 'not-allowed'> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve('in-use');
      else if (error.code === 'EACCES') resolve('not-allowed');
      else reject(error);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve('free')));
  });
}

type StopPart = () => Promise<void> | void;

/**
 * The running parts of the stack, stopped last started first, each once. A `stopAll` begins once the
 * stops begun before it have ended, so a second one (a failed start after a stop) waits for the first.
 */
export class RunningParts {
  private readonly stops: StopPart[] = [];
  private stopping = Promise.resolve();

  add(stop: StopPart): void {
    this.stops.push(stop);
  }

  /**
   * Stops the parts added since the last call; throws the first error this call met. A part added while
   * it runs waits for the next call: the stack checks its stop signal after each start and calls again.
   */
  stopAll(): Promise<void> {
    const stops = this.stops.splice(0).reverse();
    const run = this.stopping.then(async () => {
      let firstError: unknown;
      for (const stop of stops) {
        try {
          await stop();
        } catch (error) {
          firstError ??= error;
        }
      }
      if (firstError !== undefined) throw firstError;
    });
    this.stopping = run.catch(() => {});
    return run;
  }
}

/**
 * The error when another program holds `service`'s fixed port, or this user may not have it (below
 * 1024): it names the variable that moves the server elsewhere.
 */
async function takenPortError(service: LocalService, port: number, options?: ErrorOptions) {
  const state = port === 0 ? 'free' : await probePort(port);
  if (state === 'free') return undefined;
  const [name, variable] = SERVICES[service];
  const reason = state === 'in-use' ? 'is in use' : 'is not allowed for this user';
  return new LocalStackError(`port ${port} (${name}) ${reason}: set ${variable} to another port`, options);
}

/** Runs `start`; a failure on a taken fixed port becomes the error naming its variable. */
async function startOnPort<T>(service: LocalService, port: number, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    throw (await takenPortError(service, port, { cause: error }).catch(() => undefined)) ?? error;
  }
}

/**
 * The report API's log as one line per entry, `report API: message (key value, ...)`, for a terminal
 * (on Lambda it writes JSON lines). Its attributes carry names, paths and error messages, never a secret.
 */
export function reportApiLogLines(write: (line: string) => void): ReportApiLogger {
  const line = (message: string, attributes: Record<string, unknown>) => {
    const parts = Object.entries(attributes)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => {
        if (value instanceof Error) return `${key} ${describeError(value)}`;
        return `${key} ${typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))}`;
      });
    write(parts.length === 0 ? `report API: ${message}` : `report API: ${message} (${parts.join(', ')})`);
  };
  return { info: line, error: line };
}

/**
 * Starts the sandbox, the S3 and SES emulators and the report API on 127.0.0.1, then runs the monthly
 * fan-out. On a failure, what has started is stopped before the error is thrown.
 * @throws LocalStackError for a taken port (naming its variable), the state folder or its keys
 */
export async function startLocalStack(options: LocalStackOptions) {
  const { ports, signal } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const reportApiToken = options.reportApiToken ?? 'local-dev-token';
  const sandboxApiKey = options.sandboxApiKey ?? 'sandbox-key';
  const stateDir = resolve(options.stateDir);
  const running = new RunningParts();
  // Stops at once, so a report being built fails fast instead of finishing first.
  const stopOnAbort = () => void running.stopAll().catch(() => {});
  signal?.addEventListener('abort', stopOnAbort, { once: true });
  /** Starts a server, keeps its stop, and logs where it listens. */
  const started = async <T extends ({ url: string } | { endpoint: string }) & { close(): Promise<void> }>(
    service: LocalService,
    start: () => Promise<T>,
  ): Promise<T> => {
    const server = await startOnPort(service, ports[service], start);
    running.add(server.close);
    signal?.throwIfAborted();
    log(`${SERVICES[service][0].padEnd(15)}${'url' in server ? server.url : server.endpoint}`);
    return server;
  };
  try {
    signal?.throwIfAborted();
    // A fixed port another program holds is refused before anything is written: a start refused for
    // its port leaves no state folder behind. `startOnPort` still names one taken in the moment between.
    for (const service of Object.keys(ports) as LocalService[]) {
      const taken = await takenPortError(service, ports[service]);
      if (taken) throw taken;
    }
    const { workDir, s3Directory, tightened } = await prepareStateDirs(stateDir);
    for (const { path, previousMode } of tightened) {
      log(`made ${path} readable by its owner only (it was ${previousMode.toString(8).padStart(4, '0')})`);
    }
    const signingKey = await loadStateKey(stateDir, LINK_SIGNING_KEY);
    const accountTokenKey = await loadStateKey(stateDir, ACCOUNT_TOKEN_KEY);

    const sandbox = await started('sandbox', () =>
      startSandbox({ port: ports.sandbox, apiKey: sandboxApiKey, now: now() }),
    );
    const s3 = await started('s3Emulator', () =>
      startS3Emulator({ port: ports.s3Emulator, directory: s3Directory, buckets: [LOCAL_BUCKET] }),
    );
    const ses = await started('sesEmulator', () => startSesEmulator({ port: ports.sesEmulator }));

    const config = localDemoConfig({ apiUrl: sandbox.url, timezone: options.timezone ?? 'UTC' });
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
    const logger = reportApiLogLines(log);
    const api = await started('reportApi', () =>
      serveOnLoopback(ports.reportApi, (url) =>
        createReportApi({ ...reportApiOptionsFor(config, publish), publicUrl: url, logger }),
      ),
    );

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
    const validity = { lifetimeDays: config.linkLifetimeDays, now: linkTime };
    const tokenKey = { value: accountTokenKey, secretName: config.accountTokenKeySecretName };
    const reports = runs.map((run): LocalAccountReport => {
      const generation =
        config.accounts.find((account) => account.name === run.account)?.tokenGeneration ?? 1;
      const apiToken = accountToken(tokenKey, run.account, generation);
      if (run.outcome.status !== 'delivered') return { ...run, apiToken };
      const link = { baseUrl: api.url, account: run.account, generation, signingKey };
      const file = 'report.html';
      const signed = signReportLinks({ ...link, ...validity, period: run.month, files: [file] });
      linkExpiresAt = signed.expiresAt;
      return {
        ...run,
        apiToken,
        signedReportLink: signed.links[file],
        allReportsLink: signReportIndexLink({ ...link, expiresAt: linkExpiresAt }),
      };
    });

    return {
      /** In the configuration's order (`demo` first). */
      reports,
      reportApiUrl: api.url,
      reportApiToken,
      sandboxUrl: sandbox.url,
      sandboxApiKey,
      s3Endpoint: s3.endpoint,
      sesEndpoint: ses.endpoint,
      /** aws-ses-v2-local's page listing the sent mail. */
      mailViewerUrl: `${ses.endpoint}/`,
      /** The second the signed links stop working. */
      linkExpiresAt,
      linkLifetimeDays: config.linkLifetimeDays,
      bucket: LOCAL_BUCKET,
      stateDir,
      close: (): Promise<void> => running.stopAll(),
    };
  } catch (error) {
    await running.stopAll().catch(() => {});
    if (signal?.aborted) throw signal.reason;
    throw error;
  } finally {
    signal?.removeEventListener('abort', stopOnAbort);
  }
}
