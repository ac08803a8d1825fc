import { bytesToHex, getAddress, hexToBytes, keccak256, toHex, type Address, type Hex } from 'viem';

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

const ADDRESS = /^0x[0-9a-f]{40}$/;

/**
 * The OpenZeppelin standard tree of `(address, uint256 cumulative)` that TmcDistributor
 * verifies, so that anyone can rebuild the root from leaves.csv with the same library.
 */
export function buildDeliveryTree(leaves: readonly DeliveryLeaf[]): DeliveryTree {
  if (leaves.length === 0) throw new DeliveryTreeError('A delivery root needs at least one leaf');
  // Lower-case keys: checksumming 100,000 addresses (a hash each) would cost seconds.
  const rows = leaves
    .map((leaf) => ({ ...leaf, key: leaf.address.toLowerCase() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (!ADDRESS.test(row.key)) throw new DeliveryTreeError(`Not an address: ${row.address}`);
    if (row.cumulative <= 0n || row.cumulative >= 2n ** 256n)
      throw new DeliveryTreeError(`Zero leaf for ${getAddress(row.address)}`);
    if (i > 0 && rows[i - 1]!.key === row.key) {
      throw new DeliveryTreeError(`Duplicate address ${getAddress(row.address)}`);
    }
  }
  // OpenZeppelin's StandardMerkleTree builds the same tree (delivery-tree.test.ts compares them)
  // but takes about 2 ms a leaf: minutes for a large sale. Same steps here, on bytes.
  const hashed = rows
    .map((row, index) => ({ index, hash: leafHash(row.key, row.cumulative) }))
    .sort((a, b) => compareBytes(a.hash, b.hash));
  const nodes = new Array<Uint8Array>(2 * hashed.length - 1);
  const treeIndexOf = new Array<number>(rows.length);
  hashed.forEach((leaf, i) => {
    nodes[nodes.length - 1 - i] = leaf.hash;
    treeIndexOf[leaf.index] = nodes.length - 1 - i;
  });
  for (let i = nodes.length - 1 - hashed.length; i >= 0; i--)
    nodes[i] = nodeHash(nodes[2 * i + 1]!, nodes[2 * i + 2]!);
  const hex = nodes.map((node) => bytesToHex(node));
  const proofOf = (treeIndex: number) => {
    const proof: Hex[] = [];
    for (let i = treeIndex; i > 0; i = Math.floor((i - 1) / 2))
      proof.push(hex[i % 2 === 1 ? i + 1 : i - 1]!);
    return proof;
  };
  return {
    root: hex[0]!,
    leaves: rows.map((row, i) => ({
      address: row.address,
      cumulative: row.cumulative,
      proof: proofOf(treeIndexOf[i]!),
    })),
  };
}

/** The standard leaf: keccak256(bytes.concat(keccak256(abi.encode(account, cumulativeAmount)))). */
function leafHash(lowerAddress: string, cumulative: bigint): Uint8Array {
  const encoded = new Uint8Array(64);
  encoded.set(hexToBytes(lowerAddress as Hex), 12);
  encoded.set(hexToBytes(toHex(cumulative, { size: 32 })), 32);
  return keccak256(keccak256(encoded, 'bytes'), 'bytes');
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** The pair sorted, then hashed (OpenZeppelin's `MerkleProof` commutative hash). */
function nodeHash(a: Uint8Array, b: Uint8Array): Uint8Array {
  const pair = new Uint8Array(64);
  const [first, second] = compareBytes(a, b) <= 0 ? [a, b] : [b, a];
  pair.set(first, 0);
  pair.set(second, 32);
  return keccak256(pair, 'bytes');
}

const utf8 = new TextEncoder();

/**
 * EIP-55 checksummed form of a lower-case address: viem's `getAddress` with its checks and cache
 * left out, twice as fast, for the hundred thousand rows of a large draft's diff.
 */
export function checksumAddress(lowerAddress: string): Address {
  const hex = lowerAddress.slice(2);
  const hash = keccak256(utf8.encode(hex), 'bytes');
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 15;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out as Address;
}
