import { IDENTITY_PAGE_PATH, identityMessages, stageMessages } from '@tmc/shared';

/** What every order-placing route states about its 409 answers (the stage that prices it). */
export const STAGE_CONFLICTS = [
  "Priced at the active presale stage's price; the order reserves its tokens in that stage. 409:",
  `"${stageMessages.notSelling}" when no stage is active;`,
  `"${stageMessages.onlyLeft('N', 'TMC')}" when the stage has fewer tokens left (N as "100,000.00");`,
  `"${stageMessages.priceChanged}" when the stage changed while the order was being placed.`,
  "The account buying (a guest's: the one made or logged into) may buy up to a limit in AUD over 12 months, its open and accepted orders counted with this one. 403:",
  `"${identityMessages.overLimit('L')}" (L as "10,000.00") with \`link\`: "${IDENTITY_PAGE_PATH}" when an account without a verified identity would pass it;`,
  `"${identityMessages.overVerifiedLimit('L')}" when a verified account would pass the verified limit.`,
].join(' ');
