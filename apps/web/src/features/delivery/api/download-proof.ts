import { downloadWithToken } from '../../../lib/download';

/** Saves the buyer's proof file (the server names it tmc-proof-epoch-<n>.json). */
export const downloadProof = (): Promise<void> =>
  downloadWithToken('/v1/delivery/proof.json', 'tmc-proof.json');
