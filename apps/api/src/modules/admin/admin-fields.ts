import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { messages, WALLET_PATTERN } from '@tmc/shared';

/** A non-negative decimal (text or JSON number) with at most `places` decimals; answers the text. */
export const decimalField = (
  name: string,
  places: number,
  opts: { positive?: boolean; integerDigits?: number } = {},
) => {
  const pattern = new RegExp(`^\\d{1,${opts.integerDigits ?? 18}}(\\.\\d{1,${places}})?$`);
  const message = `${name} must be a number with at most ${places} decimals`;
  return z
    .union([z.string(), z.number()], { error: message })
    .transform((value) => String(value).trim())
    .refine((value) => pattern.test(value), message)
    .refine((value) => !opts.positive || /[1-9]/.test(value), `${name} must be more than 0`);
};

/** 0x + 40 hex, stored in EIP-55 form; mixed case must carry a valid checksum (a typo otherwise). */
export const walletField = z
  .string({ error: messages.walletFormat })
  .trim()
  .regex(WALLET_PATTERN, messages.walletFormat)
  .refine((address) => isAddress(address, { strict: true }), messages.walletFormat)
  .transform((address) => getAddress(address));
