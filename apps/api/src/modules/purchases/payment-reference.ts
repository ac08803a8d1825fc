import { randomInt } from 'node:crypto';
import { AFFILIATE_CODE_ALPHABET } from '../account/account.service.ts';

export const PAYMENT_REFERENCE_PREFIX = 'TMC-';
const PAYMENT_REFERENCE_LENGTH = 6;

/**
 * The short code a buyer writes on the bank transfer, e.g. 'TMC-7KQ2XM'. The alphabet has no
 * 0/O or 1/I/L, so a reference typed into a banking app comes out right; 31^6 (~887 million)
 * codes make a clash rare, and the unique index catches the rest.
 */
export const newPaymentReference = () =>
  PAYMENT_REFERENCE_PREFIX +
  Array.from(
    { length: PAYMENT_REFERENCE_LENGTH },
    () => AFFILIATE_CODE_ALPHABET[randomInt(AFFILIATE_CODE_ALPHABET.length)],
  ).join('');
