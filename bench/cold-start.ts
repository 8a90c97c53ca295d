/**
 * `npm run bench -- --cold-start`: each Lambda function bundled as `npx cdk synth` does (with `cdk.json`'s
 * configuration, then 1,000 accounts), its size, and how long a fresh Node takes to import it in its
 * folder with its environment, as the runtime does. The report API reads its configuration when loaded.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Token } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { createApp } from '../infra/create-app';
import type { ReportFunction } from '../infra/report-function';
import { generatedAccounts } from '../test/support/generated-accounts';
import { count, freshImportMs, median, ROOT, table } from './processes';

const RUNS = 7;
const TARGET_BUNDLE_BYTES = 1_000_000;
const TARGET_INIT_MS = 150;
const MANY_ACCOUNTS = 1000;

/** Values for the references in a function's environment, which only a deployment resolves. */
const DEPLOYED_VALUES: Readonly<Record<string, string>> = {
  REPORT_BUCKET: 'invoicereports-storagereports31b47eb2-0123456789ab',
  REPORT_API_URL: 'https://abcdefghijklmnopqrstuvwxyz012345.lambda-url.eu-west-1.on.aws/',
};

/** The environment the stack gives the function, the references a deployment resolves filled in. */
function deployedEnvironment(fn: ReportFunction, folder: string): NodeJS.ProcessEnv {
  const resolved = Object.entries(fn.environment).map(([name, value]) => [
    name,
    Token.isUnresolved(value) ? (DEPLOYED_VALUES[name] ?? 'resolved-at-deployment') : value,
  ]);
  return {
    PATH: process.env.PATH ?? '',
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDCOLDSTART',
    AWS_SECRET_ACCESS_KEY: 'cold-start-bench',
    LAMBDA_TASK_ROOT: folder,
    // Node 20 here; the SDK's notice that its 2027 releases need Node 22 would cost a write per load.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...Object.fromEntries(resolved),
  };
}

/**
 * Bundles the app's functions for a configuration (in a file, `cdk.json`'s without one) and measures
 * each: its name, bundle size, and load times fastest first.
 */
async function measure(label: string, config?: object) {
  const outdir = mkdtempSync(join(tmpdir(), 'invoice-reports-cold-start-'));
  try {
    process.stdout.write(`bundling the functions (${label})...`);
    const configFile = config && join(outdir, 'accounts.json');
    if (configFile) writeFileSync(configFile, JSON.stringify(config));
    const { context } = JSON.parse(readFileSync(join(ROOT, 'cdk.json'), 'utf8'));
    const { stack } = createApp({
      outdir,
      context: { ...context, ...(configFile ? { configFile } : {}), 'aws:cdk:enable-asset-metadata': true },
    });
    process.stdout.write(' done\n');
    const functions = {
      'report-api': stack.reportApi,
      'scheduled-report': stack.scheduledReport,
      'dispatch-slot': stack.dispatcher,
    };
    const figures = [];
    for (const [name, fn] of Object.entries(functions)) {
      const asset = (fn.lambda.node.defaultChild as CfnFunction).getMetadata('aws:asset:path') as string;
      const folder = join(outdir, asset);
      const options = { cwd: folder, env: deployedEnvironment(fn, folder) };
      const handlerCheck =
        "if (typeof module.handler !== 'function') throw new Error('the bundle exports no handler');";
      const initMs = await freshImportMs('./index.mjs', RUNS, options, handlerCheck);
      figures.push({ name, bundleBytes: statSync(join(folder, 'index.mjs')).size, initMs });
    }
    return figures;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const kib = (bytes: number) => `${count(bytes / 1024)} KiB`;

export async function runColdStartBench(): Promise<void> {
  console.log(
    `Cold start: each function bundled as the stack bundles it, loaded ${RUNS} times by Node ${process.versions.node} ` +
      '(median, and fastest in brackets)\n',
  );
  const defaults = await measure('the default configuration');
  const accounts = generatedAccounts(MANY_ACCOUNTS);
  const many = await measure(`${count(MANY_ACCOUNTS)} accounts`, { accounts, alarmEmail: 'ops@example.com' });
  console.log('');
  console.log(
    table([
      ['function', 'bundle', 'init, 1 account', `init, ${count(MANY_ACCOUNTS)} accounts`],
      ...defaults.map((figures, index) => {
        const other = many[index]!;
        return [
          figures.name,
          kib(figures.bundleBytes),
          `${ms(median(figures.initMs))} (${ms(figures.initMs[0]!)})`,
          `${ms(median(other.initMs))} (${ms(other.initMs[0]!)})`,
        ];
      }),
    ]),
  );
  const largest = Math.max(...defaults.map((figures) => figures.bundleBytes));
  const slowest = Math.max(...defaults.map((figures) => median(figures.initMs)));
  console.log(
    `\nTargets: every bundle <= 1 MB (largest ${count(largest)} bytes: ${largest <= TARGET_BUNDLE_BYTES ? 'met' : 'missed'}); ` +
      `init <= ${TARGET_INIT_MS} ms (slowest median ${ms(slowest)}: ${slowest <= TARGET_INIT_MS ? 'met' : 'missed'}). ` +
      'Figures depend on the machine and its load; Lambda gives a 1 GB function about 0.6 of a vCPU.',
  );
}
