import type { Db } from '../../db/client.ts';
import { fixed, plain } from '../../lib/money.ts';
import { findActiveStage } from '../stages/stages.repo.ts';
import { leftText } from '../stages/stage-sales.ts';
import { requireSettings } from './presale.repo.ts';

/** What a browser wallet needs about the chain beyond its id; neither is a secret. */
export interface PublicChainInfo {
  /** A JSON-RPC URL a wallet may add the chain with; null when none is safe to hand out. */
  rpcUrl: string | null;
  /** The block explorer base; null: no links (the dev chain has no explorer). */
  explorerUrl: string | null;
}

const CHAIN_NAMES: Record<number, string> = {
  1: 'Ethereum',
  11155111: 'Sepolia',
  17000: 'Holesky',
  31337: 'TMC dev chain',
};

export const chainName = (chainId: number) => CHAIN_NAMES[chainId] ?? `Chain ${chainId}`;

export function createPresaleService({
  db,
  chain = { rpcUrl: null, explorerUrl: null },
}: {
  db: Db;
  chain?: PublicChainInfo;
}) {
  async function settings() {
    return requireSettings(db);
  }

  return {
    settings,
    async publicConfig() {
      const [s, active] = await Promise.all([settings(), findActiveStage(db)]);
      // A stage past its end sells nothing, whether or not the stage clock has closed it yet.
      const stage = active && !(active.endsAt && active.endsAt <= new Date()) ? active : undefined;
      return {
        tokenName: s.tokenName,
        tokenSymbol: s.tokenSymbol,
        // The price of a new order: the active stage's (the settings follow it).
        tokenPriceAud: plain(stage?.priceAud ?? s.tokenPriceAud),
        minPurchaseAud: plain(s.minPurchaseAud),
        hardCapAud: fixed(s.hardCapAud, 2),
        raisedAud: fixed(s.raisedAud, 2),
        endsAt: s.endsAt?.toISOString() ?? null,
        companyWallet: s.companyWallet,
        swapWallet: s.swapWallet,
        chainId: s.chainId,
        chainName: chainName(s.chainId),
        rpcUrl: chain.rpcUrl,
        explorerUrl: chain.explorerUrl,
        minConfirmations: s.minConfirmations,
        usdcAddress: s.usdcAddress,
        whitePaperUrl: s.whitePaperUrl,
        // Only the stage selling now: nothing about later ones (no urgency, no price predictions).
        stage: stage
          ? {
              id: stage.id,
              name: stage.name,
              priceAud: plain(stage.priceAud),
              tokensLeft: leftText(stage),
            }
          : null,
      };
    },
  };
}

export type PresaleService = ReturnType<typeof createPresaleService>;
