import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { getAddress, type Address, type Hex } from 'viem';

/** One row of a delivery root: an address and everything it may ever claim, in base units. */
export interface DeliveryLeaf {
  address: Address;
  cumulative: bigint;
}

export interface DeliveryTree {
  root: Hex;
  /** In the order of the tree (addresses ascending), each with its proof. */
  leaves: (DeliveryLeaf & { proof: Hex[] })[];
}

export const DELIVERY_LEAF_ENCODING = ['address', 'uint256'];

export class DeliveryTreeError extends Error {}

/**
 * The OpenZeppelin standard tree of `(address, uint256 cumulative)` that TmcDistributor
 * verifies, so that anyone can rebuild the root from leaves.csv with the same library.
 */
export function buildDeliveryTree(leaves: readonly DeliveryLeaf[]): DeliveryTree {
  if (leaves.length === 0) throw new DeliveryTreeError('A delivery root needs at least one leaf');
  const rows = leaves
    .map((leaf) => ({ address: getAddress(leaf.address), cumulative: leaf.cumulative }))
    .sort((a, b) => (a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1));
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.cumulative <= 0n) throw new DeliveryTreeError(`Zero leaf for ${row.address}`);
    if (i > 0 && rows[i - 1]!.address === row.address) {
      throw new DeliveryTreeError(`Duplicate address ${row.address}`);
    }
  }
  const tree = StandardMerkleTree.of(
    rows.map((row) => [row.address, row.cumulative.toString()]),
    DELIVERY_LEAF_ENCODING,
  );
  return {
    root: tree.root as Hex,
    leaves: rows.map((row, i) => ({ ...row, proof: tree.getProof(i) as Hex[] })),
  };
}
