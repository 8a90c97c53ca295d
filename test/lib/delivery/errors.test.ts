import { describe, expect, it } from 'vitest';
import { importMinified } from '../../support/minified-module';

describe('delivery errors', () => {
  it('keep their names in a minified bundle, where class names are renamed', async () => {
    const errors = await importMinified('lib/delivery/errors.ts');
    const InvalidReportKeyError = errors.InvalidReportKeyError as new (message: string) => Error;
    const EmailTooLargeError = errors.EmailTooLargeError as new (size: number, max: number) => Error;
    expect(new InvalidReportKeyError('bad key').name).toBe('InvalidReportKeyError');
    expect(new EmailTooLargeError(12_000_000, 10_000_000).name).toBe('EmailTooLargeError');
  });
});
