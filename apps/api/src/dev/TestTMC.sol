// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Development stand-in for the TMC token on the local chain (18 decimals). Anyone
/// may mint: it has no value and must never be deployed to a real network.
contract TestTMC is ERC20 {
    constructor() ERC20("TMC (dev)", "TMC") {}

    function mint(address to, uint256 value) external {
        _mint(to, value);
    }
}
