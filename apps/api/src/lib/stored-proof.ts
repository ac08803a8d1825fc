import { bytesToHex, type Hex } from 'viem';

/** A proof as stored: its nodes, 32 bytes each, one after the other. */
export function proofBytes(proof: readonly Hex[]): Uint8Array {
  return Buffer.from(proof.map((node) => node.slice(2)).join(''), 'hex');
}

/** The nodes of a stored proof, from its bytes or their hex (no prefix). */
export function proofNodes(stored: Uint8Array | string): Hex[] {
  const hex = typeof stored === 'string' ? stored : bytesToHex(stored).slice(2);
  const nodes: Hex[] = [];
  for (let i = 0; i < hex.length; i += 64) nodes.push(`0x${hex.slice(i, i + 64)}`);
  return nodes;
}
