import { formatUnits, type Address, type Hex } from 'viem';
import { DECIMALS } from '@tmc/shared';
import { fixed } from '../../lib/money.ts';

export const TMC_DECIMALS = 18;

/** TMC (a decimal string with 18 places, as every token amount in answers) from base units. */
export const tmc = (baseUnits: bigint) =>
  fixed(formatUnits(baseUnits, TMC_DECIMALS), DECIMALS.TOKEN);

/** The proof file: everything a wallet tool needs to claim, without this site. */
export interface ProofFile {
  address: Address;
  cumulativeAmount: string;
  proof: Hex[];
  root: Hex;
  epoch: number;
  contract: Address;
  chainId: number;
}
