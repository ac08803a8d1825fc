import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import { messages, WALLET_PATTERN } from '@tmc/shared';

/** A non-negative decimal (text or JSON number) with at most `places` decimals; answers the text. */
export const decimalField = (
  name: string,
  places: number,
  opts: { positive?: boolean; integerDigits?: number } = {},
) => {
  const digits = opts.integerDigits ?? 18;
  const figure = `\\d{1,${digits}}(\\.\\d{1,${places}})?`;
  const pattern = new RegExp(`^${figure}$`);
  const message = `${name} must be a number with at most ${places} decimals`;
  // The document states the same rule: the text as a pattern (spaces around it are trimmed; a
  // positive one needs a non-zero digit), a JSON number by its bounds.
  const text = z.string().meta({
    pattern: `^\\s*${opts.positive ? '(?=[0-9.]*[1-9])' : ''}${figure}\\s*$`,
    description: `A decimal as text, at most ${digits} digits before the point and ${places} after`,
  });
  // OpenAPI 3.0 (the document's version) writes exclusive bounds as booleans.
  const number = z.number().meta({
    minimum: 0,
    ...(opts.positive ? { exclusiveMinimum: true } : {}),
    maximum: 10 ** digits,
    exclusiveMaximum: true,
    description: `At most ${places} decimals`,
  });
  return z
    .union([text, number], { error: message })
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
