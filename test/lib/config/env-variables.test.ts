import { describe, expect, it } from 'vitest';
import { ConfigError, getStringFromEnv } from '../../../lib/config';

describe('env helpers', () => {
  it('reads a string, trimmed, and falls back to its default when unset or blank', () => {
    expect(getStringFromEnv({ key: 'NAME', env: { NAME: ' acme ' } })).toBe('acme');
    expect(getStringFromEnv({ key: 'NAME', defaultValue: 'x', env: { NAME: '  ' } })).toBe('x');
    expect(getStringFromEnv({ key: 'NAME', defaultValue: 'x', env: {} })).toBe('x');
  });

  it('throws a ConfigError naming the variable and the hint when a required one is missing', () => {
    const read = () =>
      getStringFromEnv({ key: 'SANDBOX_API_KEY', hint: 'run npm run sandbox first', env: {} });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(
      'SANDBOX_API_KEY: environment variable is required but not set; run npm run sandbox first',
    );
  });
});
