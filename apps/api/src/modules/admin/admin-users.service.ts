import { adminUserMessages, type Role } from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { pageOf, type ListQuery } from '../../lib/list-query.ts';
import { toUserDto } from '../account/user-dto.ts';
import { voidUnpaidEarningsOf } from '../affiliates/commission-ledger.ts';
import { endAllSessions } from '../auth/sessions.ts';
import {
  dismissAffiliate,
  listUsers,
  lockUser,
  updateUserFlags,
  type UserListQuery,
  type UserRow,
} from './admin-users.repo.ts';

const referrerOf = (r: { id: string | null; email: string | null; name: string | null } | null) =>
  r?.id ? { _id: r.id, email: r.email ?? '', name: r.name ?? '' } : null;

export const toAdminUserDto = (
  user: UserRow,
  referrer: { id: string | null; email: string | null; name: string | null } | null,
  referrals: number,
) => ({ ...toUserDto(user), referredBy: referrerOf(referrer), referrals });

export function createAdminUsersService({ db }: { db: Db }) {
  async function adminUser(userId: string) {
    const [row] = (await listUsers(db, { offset: 0, limit: 1, id: userId })).rows;
    return toAdminUserDto(row!.user, row!.referrer, row!.referrals);
  }

  return {
    async list(q: ListQuery<unknown> & Omit<UserListQuery, 'offset' | 'limit'>) {
      const { rows, total, estimate } = await listUsers(db, q);
      return pageOf(
        rows.map((r) => toAdminUserDto(r.user, r.referrer, r.referrals)),
        total,
        q,
        estimate,
      );
    },

    /** Marks or unmarks an influencer (tier 2 for whoever introduced them) and sets the role (a new role ends the account's sessions). */
    async update(actorId: string, userId: string, change: { isInfluencer?: boolean; role?: Role }) {
      if (change.role !== undefined && userId === actorId)
        throw badRequest(adminUserMessages.ownRole, { role: adminUserMessages.ownRole });
      await db.transaction(async (tx) => {
        const before = await lockUser(tx, userId);
        if (!before) throw notFound(adminUserMessages.notFound);
        // Whoever pre-registered an address would get the console it is promoted to.
        if (change.role === 'admin' && before.role !== 'admin' && !before.emailVerifiedAt)
          throw badRequest(adminUserMessages.staffNeedsVerifiedEmail, {
            role: adminUserMessages.staffNeedsVerifiedEmail,
          });
        if (change.isInfluencer && !before.isAffiliated)
          throw badRequest(adminUserMessages.influencerNotAffiliate, {
            isInfluencer: adminUserMessages.influencerNotAffiliate,
          });
        const after = await updateUserFlags(tx, userId, change);
        // Logins opened under the old role end: a new admin signs in again (and sets up the second factor).
        if (after.role !== before.role) await endAllSessions(tx, userId);
        await recordAudit(tx, {
          actorId,
          action: 'user.update',
          entity: 'user',
          entityId: userId,
          before: { isInfluencer: before.isInfluencer, role: before.role },
          after: { isInfluencer: after.isInfluencer, role: after.role },
        });
      });
      return adminUser(userId);
    },

    /**
     * Dismissal for breach (terms, section 2 clause 4): the user stops being an affiliate, their
     * unpaid commissions are voided (leaving any unpaid batch), and the audit row keeps the reason.
     */
    async dismiss(actorId: string, userId: string, reason: string) {
      const voidedEarnings = await db.transaction(async (tx) => {
        const before = await lockUser(tx, userId);
        if (!before) throw notFound(adminUserMessages.notFound);
        if (!before.isAffiliated) throw badRequest(adminUserMessages.dismissNotAffiliate);
        const after = await dismissAffiliate(tx, userId);
        const { voided, payoutsTouched } = await voidUnpaidEarningsOf(tx, userId);
        const flags = (u: UserRow) => ({
          isAffiliated: u.isAffiliated,
          isInfluencer: u.isInfluencer,
          affiliateCode: u.affiliateCode,
        });
        await recordAudit(tx, {
          actorId,
          action: 'user.dismiss',
          entity: 'user',
          entityId: userId,
          before: flags(before),
          after: { ...flags(after), reason, voidedEarnings: voided, payoutsTouched },
        });
        return voided;
      });
      return { ...(await adminUser(userId)), voidedEarnings };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
