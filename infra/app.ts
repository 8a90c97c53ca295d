import { ConfigError } from '../lib/config';
import { createApp } from './create-app';

// cdk.json's "app": a bad configuration is one clear message rather than a stack trace.
try {
  createApp();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
