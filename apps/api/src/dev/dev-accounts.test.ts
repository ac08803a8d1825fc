import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEV_MNEMONIC, devAccounts } from './dev-accounts.ts';

describe('dev accounts', () => {
  it('are the first ten accounts of the Hardhat dev mnemonic', () => {
    for (const account of devAccounts()) {
      const derived = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: account.index });
      expect(account.address).toBe(derived.address);
      expect(Buffer.from(derived.getHdKey().privateKey!).toString('hex')).toBe(
        account.privateKey.slice(2),
      );
    }
  });
});
