import { z } from 'zod';

/** Texts of the staff second factor and of the wrong-code budget (API.md decisions). */
export const securityMessages = {
  totpRequired: 'Enter the 6-digit code from your authenticator app',
  /** A code was given but is wrong, expired or already used. */
  totpWrong: 'That code is wrong or expired: enter the current 6-digit code from your authenticator app',
  recoveryCodeInvalid: 'This recovery code is not valid or has already been used',
  secondFactorRequired: 'Set up two-factor authentication to use the staff console',
  totpSetupMissing: 'Start the authenticator setup again',
  totpAlreadySetUp: 'Two-factor authentication is already set up',
  staffOnly: 'Only staff accounts use an authenticator app here',
  /** The e-mail's wrong-code ceiling: a new code and a link were mailed to it (400, whether or not it has an account). */
  mailboxProofNeeded:
    'Too many wrong codes for this e-mail. We sent it a link and a new code: open the link, then enter the new code.',
  /** The wrong-code ceiling of the caller's network (429). */
  networkCodeBudgetUsed: 'Too many wrong codes from your network. Please try again later.',
  mailboxProven: 'E-mail confirmed, you can enter the new code now',
  verifiedEmailNeeded: 'Verify your e-mail before setting up two-factor authentication',
  enrolmentLinkSent: 'We e-mailed you a link to set up two-factor authentication',
} as const;

/** Anything up to 64 characters: a wrong or malformed code answers 401 `errors.totp`, not a 400. */
const secondFactorText = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => v || undefined);

export const totpField = secondFactorText;
export const recoveryCodeField = secondFactorText;

export const totpConfirmSchema = z.object({
  totp: z
    .string({ error: securityMessages.totpRequired })
    .trim()
    .regex(/^\d{6}$/, securityMessages.totpRequired),
});

export type TotpConfirmBody = z.infer<typeof totpConfirmSchema>;

/** GET /v1/auth/totp: whether the account has an authenticator and this session was opened with it. */
export interface TotpStatus {
  enabled: boolean;
  session: boolean;
}

export interface TotpSetup {
  secret: string;
  uri: string;
}
