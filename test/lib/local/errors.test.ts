import { describe, expect, it } from 'vitest';
import { importMinified } from '../../support/minified-module';

describe('local stack errors', () => {
  it('keep their names in a minified bundle, where class names are renamed', async () => {
    const errors = await importMinified('lib/local/errors.ts');
    const LocalStackError = errors.LocalStackError as new (message: string) => Error;
    expect(new LocalStackError('stopped').name).toBe('LocalStackError');
  });
});
