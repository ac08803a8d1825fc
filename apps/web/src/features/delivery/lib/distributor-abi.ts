import { parseAbi } from 'viem';

/**
 * The two TmcDistributor items the buyer's page calls (contracts/TmcDistributor.sol). Copied
 * from the server's ABI rather than imported: the web app does not depend on the API's code.
 */
export const distributorClaimAbi = parseAbi([
  'function claimable(address account, uint256 cumulativeAmount) view returns (uint256)',
  'function claim(address account, uint256 cumulativeAmount, bytes32[] proof)',
]);
