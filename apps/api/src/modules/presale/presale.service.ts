import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { fixed, plain } from '../../lib/money.ts';
import { findSettings } from './presale.repo.ts';

export function createPresaleService({ db }: { db: Db }) {
  async function settings() {
    const row = await findSettings(db);
    if (!row) throw new AppError(503, 'The presale is not configured yet');
    return row;
  }

  return {
    settings,
    async publicConfig() {
      const s = await settings();
      return {
        tokenName: s.tokenName,
        tokenSymbol: s.tokenSymbol,
        tokenPriceAud: plain(s.tokenPriceAud),
        minPurchaseAud: plain(s.minPurchaseAud),
        hardCapAud: fixed(s.hardCapAud, 2),
        raisedAud: fixed(s.raisedAud, 2),
        endsAt: s.endsAt?.toISOString() ?? null,
        companyWallet: s.companyWallet,
        swapWallet: s.swapWallet,
        chainId: s.chainId,
        usdcAddress: s.usdcAddress,
        whitePaperUrl: s.whitePaperUrl,
      };
    },
  };
}

export type PresaleService = ReturnType<typeof createPresaleService>;
