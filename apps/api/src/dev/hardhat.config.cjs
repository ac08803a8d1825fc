// Config for the embedded dev chain, used only with `hardhat node` (Hardhat
// refuses to start without a config). Nothing here is ever compiled by Hardhat:
// TestUSDC is built with solc-js by compile-usdc.ts, so no compiler download.
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      mining: { auto: true, interval: 0 },
    },
  },
};
