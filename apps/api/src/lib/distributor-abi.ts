import { parseAbi, type Address } from 'viem';

/** A token delivery deployment: the TMC token, the distributor and the block it was deployed in. */
export interface DeliveryDeployment {
  tokenAddress: Address;
  distributorAddress: Address;
  startBlock: bigint;
}

/**
 * The TmcDistributor interface the product relies on (contracts/TmcDistributor.sol). Written
 * out rather than imported from the artifact so that viem types every call; a test checks it
 * against the committed artifact.
 */
export const distributorAbi = parseAbi([
  'constructor(address token, address owner, uint64 rootDelaySeconds, uint64 vestStart, uint16 tgeBps, uint64 cliffSeconds, uint64 durationSeconds)',
  'function token() view returns (address)',
  'function root() view returns (bytes32)',
  'function epoch() view returns (uint256)',
  'function publishedTotal() view returns (uint256)',
  'function totalClaimed() view returns (uint256)',
  'function cumulativeClaimed(address account) view returns (uint256)',
  'function claimable(address account, uint256 cumulativeAmount) view returns (uint256)',
  'function unlocked(uint256 total, uint256 at) view returns (uint256)',
  'function pending() view returns (bytes32 root_, uint256 epoch_, uint256 total, uint256 availableAt, bool freezeClaims)',
  'function paused() view returns (bool)',
  'function owner() view returns (address)',
  'function rootDelaySeconds() view returns (uint64)',
  'function vestStart() view returns (uint64)',
  'function tgeBps() view returns (uint16)',
  'function cliffSeconds() view returns (uint64)',
  'function durationSeconds() view returns (uint64)',
  'function proposeRoot(bytes32 newRoot, uint256 newEpoch, uint256 total, bool freezeClaims)',
  'function acceptRoot()',
  'function cancelPending()',
  'function claim(address account, uint256 cumulativeAmount, bytes32[] proof)',
  'function multicall(bytes[] data) returns (bytes[] results)',
  'function pause()',
  'function unpause()',
  'event RootProposed(uint256 indexed epoch, bytes32 root, uint256 total, uint256 availableAt)',
  'event RootAccepted(uint256 indexed epoch, bytes32 root, uint256 total)',
  'event RootCancelled(uint256 indexed epoch)',
  'event Claimed(address indexed account, uint256 amount, uint256 cumulativeClaimed, uint256 epoch)',
  'error NoRoot()',
  'error InvalidProof()',
  'error NothingToClaim()',
  'error EpochNotNext()',
  'error TooEarly()',
  'error EnforcedPause()',
  'error OwnableUnauthorizedAccount(address account)',
]);
