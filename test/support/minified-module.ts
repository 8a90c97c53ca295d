import { build } from 'esbuild';

/**
 * Bundles and minifies `entry` as the stack bundles a Lambda function (esbuild, `minify: true`), then
 * imports the result: a test sees what a class looks like once its identifiers are renamed.
 */
export async function importMinified(entry: string): Promise<Record<string, unknown>> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    write: false,
  });
  const code = result.outputFiles[0]!.text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}
