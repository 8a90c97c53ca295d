import { readFileSync } from 'node:fs';
import { App, type AppProps } from 'aws-cdk-lib';

/**
 * The context `cdk synth` runs with (the feature flags and default configuration of `cdk.json`), with
 * bundling skipped: stack tests look at the template, not at the bundled code.
 */
export function synthContext(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
    context: Record<string, unknown>;
  };
  return { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...overrides };
}

/**
 * App properties for tests: `synthContext()`, and without CDK's built-in CloudFormation validation,
 * which takes some ten seconds to load in every test process; `npx cdk synth` runs it.
 */
export function testAppProps(contextOverrides: Record<string, unknown> = {}): AppProps {
  return { context: synthContext(contextOverrides), builtinCloudFormationValidation: false };
}

/** An app with `testAppProps()`. */
export function testApp(): App {
  return new App(testAppProps());
}
