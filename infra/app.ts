import { ConfigError } from '../lib/config';
import { createApp } from './create-app';

// The entry point of `cdk synth` / `cdk deploy` (cdk.json "app"). The CLI synthesizes the app when
// this process exits. A bad configuration is printed as one clear message rather than a stack trace.
try {
  createApp();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
