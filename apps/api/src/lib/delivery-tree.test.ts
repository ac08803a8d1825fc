import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { getAddress, keccak256, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { buildDeliveryTree, checksumAddress, DeliveryTreeError } from './delivery-tree.ts';
import { proofBytes, proofNodes } from './stored-proof.ts';

/** Distinct addresses from a seed, with amounts that exercise every byte of a uint256. */
function leavesOf(count: number, seed: string) {
  return Array.from({ length: count }, (_, i) => ({
    address: getAddress(keccak256(toHex(`${seed}-${i}`)).slice(0, 42)),
    cumulative: BigInt(keccak256(toHex(`amount-${seed}-${i}`))) >> BigInt(i % 200),
  }));
}

describe('buildDeliveryTree', () => {
  it.each([1, 2, 3, 4, 5, 7, 8, 33, 257])(
    'gives the root and proofs of OpenZeppelin StandardMerkleTree for %i leaves',
    (count) => {
      const leaves = leavesOf(count, `s${count}`);
      const ours = buildDeliveryTree(leaves);
      const theirs = StandardMerkleTree.of(
        leaves.map((l) => [l.address, l.cumulative.toString()]),
        ['address', 'uint256'],
      );
      expect(ours.root).toBe(theirs.root);
      expect(ours.leaves).toHaveLength(count);
      for (const leaf of ours.leaves) {
        const index = leaves.findIndex((l) => l.address === leaf.address);
        expect(leaf.proof).toEqual(theirs.getProof(index));
        expect(
          StandardMerkleTree.verify(
            theirs.root,
            ['address', 'uint256'],
            [leaf.address, leaf.cumulative.toString()],
            leaf.proof,
          ),
        ).toBe(true);
      }
      for (const leaf of ours.leaves)
        expect(checksumAddress(leaf.address.toLowerCase())).toBe(getAddress(leaf.address));
      const addresses = ours.leaves.map((l) => l.address.toLowerCase());
      expect(addresses).toEqual([...addresses].sort());
    },
  );

  it('gives every leaf of 2,000 a proof of 10 or 11 hashes (a tree of 3,999 nodes)', () => {
    const tree = buildDeliveryTree(leavesOf(2_000, 'big'));
    expect(tree.leaves).toHaveLength(2_000);
    const lengths = new Set(tree.leaves.map((l) => l.proof.length));
    expect([...lengths].sort()).toEqual([10, 11]);
  });

  it('refuses an empty tree, a zero leaf and a duplicate address', () => {
    const [a, b] = leavesOf(2, 'bad');
    expect(() => buildDeliveryTree([])).toThrow(DeliveryTreeError);
    expect(() => buildDeliveryTree([{ ...a!, cumulative: 0n }])).toThrow(DeliveryTreeError);
    expect(() => buildDeliveryTree([a!, b!, { ...a!, cumulative: 5n }])).toThrow(DeliveryTreeError);
  });
});

describe('stored proofs', () => {
  it('keeps every node of a proof through its bytes and their hex', () => {
    const { leaves } = buildDeliveryTree(leavesOf(33, 'stored'));
    for (const { proof } of leaves) {
      const bytes = proofBytes(proof);
      expect(bytes).toHaveLength(proof.length * 32);
      expect(proofNodes(bytes)).toEqual(proof);
      expect(proofNodes(Buffer.from(bytes).toString('hex'))).toEqual(proof);
    }
    expect(proofNodes(proofBytes([]))).toEqual([]);
  });
});
