import { describe, expect, it } from 'vitest';
import { ACCOUNT_TOKEN_USAGE } from '../../../lib/operator/account-token-command';

describe('runAccountTokenCommand', () => {
  it('shows --help as what -h does', () => {
    expect(ACCOUNT_TOKEN_USAGE).toContain('-h, --help           show this help\n');
  });
});
