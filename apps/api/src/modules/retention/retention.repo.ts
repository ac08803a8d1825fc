import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  files,
  identityReviews,
  mailOutbox,
  otpCodes,
  passwordResets,
  pendingSignups,
  purchases,
  refreshTokens,
} from '../../db/schema/index.ts';
import { MAX_MAIL_ATTEMPTS } from '../../lib/mailer/mailer.ts';

/** How long each kind of data is kept (README, Data retention). */
export const RETENTION = {
  /** E-mail codes and password-reset links, counted from when they expired or were used. */
  codesDays: 1,
  /** A sign-up redone for an unverified e-mail whose code was never entered. */
  heldSignupsDays: 7,
  /**
   * An account whose e-mail was never verified and that holds no order: until then nobody proved
   * the address is its creator's, so it must not keep the address (and its referrer) for good.
   */
  unverifiedAccountsDays: 7,
  /** Refresh tokens, counted from when they expired. */
  refreshTokensDays: 1,
  /** An upload no purchase claimed, counted from when its upload URL was made. */
  unclaimedUploadsDays: 1,
  /** The text and HTML of a sent e-mail (its row, with recipient and subject, stays). */
  sentMailBodyDays: 7,
  /** A sent e-mail's row, or one given up on. */
  mailRowDays: 90,
} as const;

const olderThan = (column: unknown, days: number) =>
  sql`${column} < now() - make_interval(days => ${days})`;

/** One copy at a time: the others skip the round (a lock held by this transaction only). */
export async function tryRetentionLock(tx: Tx) {
  const { rows } = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(727002) as locked`,
  );
  return rows[0]?.locked === true;
}

export async function deleteExpiredCodes(tx: Tx) {
  const codes = await tx
    .delete(otpCodes)
    .where(
      sql`${olderThan(otpCodes.expiresAt, RETENTION.codesDays)} or ${olderThan(otpCodes.consumedAt, RETENTION.codesDays)}`,
    )
    .returning({ id: otpCodes.id });
  const resets = await tx
    .delete(passwordResets)
    .where(
      sql`${olderThan(passwordResets.expiresAt, RETENTION.codesDays)} or ${olderThan(passwordResets.usedAt, RETENTION.codesDays)}`,
    )
    .returning({ id: passwordResets.id });
  const tokens = await tx
    .delete(refreshTokens)
    .where(olderThan(refreshTokens.expiresAt, RETENTION.refreshTokensDays))
    .returning({ id: refreshTokens.id });
  return {
    codes: codes.length,
    passwordResets: resets.length,
    refreshTokens: tokens.length,
  };
}

export async function deleteHeldSignups(tx: Tx) {
  const rows = await tx
    .delete(pendingSignups)
    .where(olderThan(pendingSignups.createdAt, RETENTION.heldSignupsDays))
    .returning({ userId: pendingSignups.userId });
  return rows.length;
}

/**
 * Unverified accounts past their period that nothing else names: no order, no transaction, no
 * claim, upload or audit entry of theirs, nobody they referred and no earning (all of these keep
 * the row). Their sessions and held redo go with them (cascades); codes expire on their own.
 */
export async function deleteUnverifiedAccounts(tx: Tx) {
  const { rows } = await tx.execute<{ id: string }>(sql`
    delete from users u
    where u.email_verified_at is null and u.role = 'user'
      and ${olderThan(sql`u.created_at`, RETENTION.unverifiedAccountsDays)}
      and not exists (select 1 from purchases p where p.user_id = u.id)
      and not exists (select 1 from transactions t where t.user_id = u.id)
      and not exists (select 1 from payment_claims c where c.user_id = u.id)
      and not exists (select 1 from files f where f.owner_id = u.id)
      and not exists (select 1 from identity_reviews i where i.user_id = u.id)
      and not exists (select 1 from audit_log a where a.actor_id = u.id)
      and not exists (select 1 from users r where r.referred_by = u.id)
      and not exists (
        select 1 from affiliate_earnings e where e.affiliate_id = u.id or e.referred_user_id = u.id)
    returning u.id`);
  return rows.length;
}

/**
 * Uploads no purchase or identity review claimed, past their period, and whose key no purchase or
 * identity review names either (a receipt, an order's ID or billing document, a buyer's identity
 * documents): those are never touched. Identity documents stay while their review exists.
 */
export function findUnclaimedUploads(tx: Tx, limit: number) {
  return tx
    .select({ id: files.id, key: files.key })
    .from(files)
    .where(
      sql`${files.purchaseId} is null and ${files.identityReviewId} is null
        and ${olderThan(files.createdAt, RETENTION.unclaimedUploadsDays)}
        and not exists (select 1 from ${purchases} where ${files.key} in (
          ${purchases.receiptKey}, ${purchases.documentKey}, ${purchases.documentBackKey}, ${purchases.billingDocKey}))
        and not exists (select 1 from ${identityReviews} where ${files.key} in (
          ${identityReviews.documentKey}, ${identityReviews.secondDocumentKey}))`,
    )
    .orderBy(files.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deleteFiles(tx: Tx, ids: string[]) {
  if (ids.length === 0) return;
  await tx.delete(files).where(inArray(files.id, ids));
}

export async function pruneMail(tx: Tx) {
  const bodies = await tx
    .update(mailOutbox)
    .set({ text: '', html: '' })
    .where(
      sql`${mailOutbox.sentAt} is not null and ${olderThan(mailOutbox.sentAt, RETENTION.sentMailBodyDays)}
        and (${mailOutbox.text} <> '' or ${mailOutbox.html} <> '')`,
    )
    .returning({ id: mailOutbox.id });
  const rows = await tx
    .delete(mailOutbox)
    .where(
      sql`(${mailOutbox.sentAt} is not null and ${olderThan(mailOutbox.sentAt, RETENTION.mailRowDays)})
        or (${mailOutbox.sentAt} is null and ${mailOutbox.attempts} >= ${MAX_MAIL_ATTEMPTS}
          and ${olderThan(mailOutbox.createdAt, RETENTION.mailRowDays)})`,
    )
    .returning({ id: mailOutbox.id });
  return { mailBodiesCleared: bodies.length, mailRowsDeleted: rows.length };
}
