import { describe, expect, it } from 'vitest';
import { importMinified } from '../../support/minified-module';

describe('local stack errors', () => {
  it('keep their names in a minified bundle, where class names are renamed', async () => {
    const errors = await importMinified('lib/local/errors.ts');
    const PortUnavailableError = errors.PortUnavailableError as new (
      ...args: [string, number, string, 'in-use']
    ) => Error;
    expect(new PortUnavailableError('report API', 3000, 'REPORT_API_PORT', 'in-use').name).toBe(
      'PortUnavailableError',
    );
  });
});
