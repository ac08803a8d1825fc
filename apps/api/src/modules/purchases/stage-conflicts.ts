import { stageMessages } from '@tmc/shared';

/** What every order-placing route states about its 409 answers (the stage that prices it). */
export const STAGE_CONFLICTS = [
  "Priced at the active presale stage's price; the order reserves its tokens in that stage. 409:",
  `"${stageMessages.notSelling}" when no stage is active;`,
  `"${stageMessages.onlyLeft('N', 'TMC')}" when the stage has fewer tokens left (N as "100,000.00");`,
  `"${stageMessages.priceChanged}" when the stage changed while the order was being placed.`,
].join(' ');
