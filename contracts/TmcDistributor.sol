// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";
import {Multicall} from "@openzeppelin/contracts/utils/Multicall.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";

/// @title TMC token delivery
/// @notice One contract for the whole sale. Each accepted root lists, per address, the
/// cumulative amount of TMC it has bought (an OpenZeppelin standard leaf of
/// `(address account, uint256 cumulativeAmount)`); a claim pays what is unlocked of that
/// amount minus what the address already received, always to the address itself.
/// @dev There is deliberately no owner withdrawal, no claim deadline and no sweep: once
/// funded, purchased tokens can only leave through `claim`.
contract TmcDistributor is Ownable2Step, Pausable, Multicall {
    using SafeERC20 for IERC20;

    uint16 private constant FULL_BPS = 10_000;

    struct PendingRoot {
        bytes32 root;
        uint256 epoch;
        uint256 total;
        uint256 availableAt;
        bool freezeClaims;
    }

    IERC20 public immutable token;
    uint64 public immutable rootDelaySeconds;
    uint64 public immutable vestStart;
    uint16 public immutable tgeBps;
    uint64 public immutable cliffSeconds;
    uint64 public immutable durationSeconds;

    bytes32 private _root;
    uint256 private _epoch;
    uint256 public publishedTotal;
    uint256 public totalClaimed;
    mapping(address account => uint256) public cumulativeClaimed;
    PendingRoot private _pending;

    event RootProposed(uint256 indexed epoch, bytes32 root, uint256 total, uint256 availableAt);
    event RootAccepted(uint256 indexed epoch, bytes32 root, uint256 total);
    event RootCancelled(uint256 indexed epoch);
    event Claimed(address indexed account, uint256 amount, uint256 cumulativeClaimed, uint256 epoch);

    error NoRoot();
    error InvalidProof();
    error NothingToClaim();
    error EpochNotNext();
    error TooEarly();
    error InvalidSchedule();

    /// @param tgeBps_ Share unlocked at `vestStart_`, in basis points; 10000 means no vesting.
    constructor(
        address token_,
        address owner_,
        uint64 rootDelaySeconds_,
        uint64 vestStart_,
        uint16 tgeBps_,
        uint64 cliffSeconds_,
        uint64 durationSeconds_
    ) Ownable(owner_) {
        if (token_ == address(0) || tgeBps_ > FULL_BPS || cliffSeconds_ > durationSeconds_) {
            revert InvalidSchedule();
        }
        token = IERC20(token_);
        rootDelaySeconds = rootDelaySeconds_;
        vestStart = vestStart_;
        tgeBps = tgeBps_;
        cliffSeconds = cliffSeconds_;
        durationSeconds = durationSeconds_;
    }

    /// @notice The accepted root; zero before the first acceptance.
    function root() external view returns (bytes32) {
        return _root;
    }

    /// @notice The epoch of the accepted root; zero before the first acceptance.
    function epoch() external view returns (uint256) {
        return _epoch;
    }

    /// @notice The proposal waiting for `acceptRoot`; a zero root when there is none.
    function pending()
        external
        view
        returns (bytes32 root_, uint256 epoch_, uint256 total, uint256 availableAt, bool freezeClaims)
    {
        PendingRoot memory p = _pending;
        return (p.root, p.epoch, p.total, p.availableAt, p.freezeClaims);
    }

    /// @notice Proposes the root of epoch `epoch() + 1`, replacing any pending proposal.
    /// @param freezeClaims Stops claims until this proposal is accepted or cancelled, so that a
    /// root lowering an unclaimed amount cannot race with claims under the current root.
    function proposeRoot(bytes32 newRoot, uint256 newEpoch, uint256 total, bool freezeClaims)
        external
        onlyOwner
    {
        if (newRoot == bytes32(0)) revert NoRoot();
        if (newEpoch != _epoch + 1) revert EpochNotNext();
        if (_pending.root != bytes32(0)) emit RootCancelled(_pending.epoch);
        uint256 availableAt = block.timestamp + rootDelaySeconds;
        _pending = PendingRoot(newRoot, newEpoch, total, availableAt, freezeClaims);
        emit RootProposed(newEpoch, newRoot, total, availableAt);
    }

    /// @notice Anyone may accept the pending root once its delay has passed.
    function acceptRoot() external {
        PendingRoot memory p = _pending;
        if (p.root == bytes32(0)) revert NoRoot();
        if (block.timestamp < p.availableAt) revert TooEarly();
        _root = p.root;
        _epoch = p.epoch;
        publishedTotal = p.total;
        delete _pending;
        emit RootAccepted(p.epoch, p.root, p.total);
    }

    function cancelPending() external onlyOwner {
        if (_pending.root == bytes32(0)) revert NoRoot();
        uint256 cancelled = _pending.epoch;
        delete _pending;
        emit RootCancelled(cancelled);
    }

    /// @notice Pays `account` what is unlocked of `cumulativeAmount` and not yet claimed.
    /// Anyone may send it (staff push through `multicall`); the tokens go only to `account`.
    function claim(address account, uint256 cumulativeAmount, bytes32[] calldata proof)
        external
        whenNotPaused
    {
        if (_pending.freezeClaims) revert EnforcedPause();
        bytes32 current = _root;
        if (current == bytes32(0)) revert NoRoot();
        bytes32 leaf = keccak256(bytes.concat(keccak256(abi.encode(account, cumulativeAmount))));
        if (!MerkleProof.verifyCalldata(proof, current, leaf)) revert InvalidProof();
        uint256 unlockedNow = unlocked(cumulativeAmount, block.timestamp);
        uint256 already = cumulativeClaimed[account];
        if (unlockedNow <= already) revert NothingToClaim();
        uint256 amount = unlockedNow - already;
        cumulativeClaimed[account] = unlockedNow;
        totalClaimed += amount;
        emit Claimed(account, amount, unlockedNow, _epoch);
        token.safeTransfer(account, amount);
    }

    /// @notice What a claim would pay now, given the leaf's amount (the proof is not checked).
    function claimable(address account, uint256 cumulativeAmount) external view returns (uint256) {
        uint256 unlockedNow = unlocked(cumulativeAmount, block.timestamp);
        uint256 already = cumulativeClaimed[account];
        return unlockedNow > already ? unlockedNow - already : 0;
    }

    /// @notice The part of `total` unlocked at time `at`: nothing before `vestStart`, the TGE
    /// share until the cliff ends, then linear from `vestStart`, and `total` itself at the end,
    /// so that the claims add up to the allocation exactly. Every step rounds down.
    function unlocked(uint256 total, uint256 at) public view returns (uint256) {
        if (at < vestStart) return 0;
        if (tgeBps == FULL_BPS || at >= uint256(vestStart) + durationSeconds) return total;
        uint256 tge = (total * tgeBps) / FULL_BPS;
        uint256 elapsed = at - vestStart;
        if (elapsed < cliffSeconds) return tge;
        return tge + ((total - tge) * elapsed) / durationSeconds;
    }

    /// @notice Stops claims (only claims: proposals and acceptances go on).
    function pause() external onlyOwner {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }
}
