import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  integer,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    walletAddress: text('wallet_address'),
    /** Where the buyer's TMC go: one of the wallets they proved (lower-case); null until chosen. */
    deliveryWallet: text('delivery_wallet'),
    /** The buyer asked staff to send their claim for them (push batches), e.g. holding no ETH. */
    deliveryPush: boolean('delivery_push').notNull().default(false),
    affiliateCode: text('affiliate_code'),
    isAffiliated: boolean('is_affiliated').notNull().default(false),
    isInfluencer: boolean('is_influencer').notNull().default(false),
    /** Set when staff dismiss the affiliate for a breach of the terms; they cannot rejoin. */
    affiliateDismissedAt: timestamp('affiliate_dismissed_at', { withTimezone: true }),
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    signupIpHash: text('signup_ip_hash'),
    /** In every access token; raising it ends every session at once (promotion, password reset). */
    sessionVersion: integer('session_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_affiliate_code_key').on(t.affiliateCode),
    index('users_referred_by_idx').on(t.referredBy),
    index('users_wallet_address_idx').on(sql`lower(${t.walletAddress})`),
    index('users_created_at_idx').on(t.createdAt),
    index('users_role_created_idx').on(t.role, t.createdAt),
  ],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['verifyemail', 'verifyUser'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One live code per e-mail and purpose: a new code replaces the old one.
  (t) => [uniqueIndex('otp_codes_email_purpose_key').on(t.email, t.purpose)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family: uuid('family').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    /** The login was opened with the staff second factor; carried to every token of the family. */
    secondFactor: boolean('second_factor').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.family),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * A sign-up redone for an e-mail that is not verified yet: held here and applied to the account
 * only when a right code for the address comes with the redo's own password, so the redo cannot
 * take it over. It belongs to the address, so it survives "Resend code".
 */
export const pendingSignups = pgTable('pending_signups', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  referredBy: uuid('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Staff second factor (TOTP); secrets are encrypted with a key derived from JWT_SECRET. */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Set once confirmed with a code: from then on the login asks for it. */
  secret: text('secret'),
  /** Made by the setup screen, waiting for its first code. */
  pendingSecret: text('pending_secret'),
  /** The last 30-second step accepted, so a code is used once. */
  lastStep: bigint('last_step', { mode: 'number' }),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
});

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/**
 * Who held each wallet when (Sign-In with Ethereum): one row per holding, never rewritten. An
 * account proving its wallet again keeps its row (and its first time); a proof by another account
 * ends the holding (`until`) and starts a new one, which counts as evidence of payments only from
 * `counts_from` (a cool-off after a move). One current holder per address at a time.
 */
export const walletProofs = pgTable(
  'wallet_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-case. */
    address: text('address').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provenAt: timestamp('proven_at', { withTimezone: true }).notNull().defaultNow(),
    /** From when a transfer from the address is evidence for this account's orders. */
    countsFrom: timestamp('counts_from', { withTimezone: true }).notNull().defaultNow(),
    /** When another account proved the address: the end of this holding. */
    until: timestamp('until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_proofs_current_key')
      .on(t.address)
      .where(sql`${t.until} is null`),
    index('wallet_proofs_address_idx').on(t.address, t.countsFrom),
    index('wallet_proofs_user_idx').on(t.userId, t.provenAt),
  ],
);

/** Server-issued Sign-In with Ethereum nonces: single use, short-lived, bound to the account. */
export const walletNonces = pgTable(
  'wallet_nonces',
  {
    nonce: text('nonce').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallet_nonces_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Single-use links mailed by the server: a staff enrolment (subject: the user's id) or a proof of
 * the mailbox once its wrong-code ceiling was reached (subject: purpose and e-mail), and the
 * set-password step a right sign-up code without the account's password leads to (subject: the
 * user's id; answered, not mailed). Only the token's SHA-256 is stored.
 */
export const authLinks = pgTable(
  'auth_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['staff-enrolment', 'mailbox-proof', 'set-password'] }).notNull(),
    subject: text('subject').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_links_token_hash_key').on(t.tokenHash),
    index('auth_links_subject_idx').on(t.kind, t.subject),
  ],
);
