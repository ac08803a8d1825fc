import { randomUUID } from 'node:crypto';
import {
  IDENTITY_PAGE_PATH,
  identityMessages,
  type AdminIdentityReview,
  type IdentityDocuments,
  type IdentityReviewState,
  type IdentityStatus,
} from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pageOf, type ListQuery } from '../../lib/list-query.ts';
import { queueMail } from '../../lib/mailer/mailer.ts';
import type { QueuedMailDelivery } from '../../lib/mailer/queued-mail.ts';
import { nameToGreet } from '../../lib/mailer/templates.ts';
import { fixed } from '../../lib/money.ts';
import { isUuid } from '../../lib/uuid.ts';
import { findUserById, isUniqueViolation, lockUser } from '../account/users.repo.ts';
import { requireSettings } from '../presale/presale.repo.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { limitFor, type LimitSettings } from './buying-limit.ts';
import {
  decidePendingReview,
  findReview,
  insertReview,
  latestReview,
  listReviews,
  sumBoughtInYear,
  sumsBoughtInYear,
  type IdentityReviewRow,
} from './identity.repo.ts';

/** Staff's links to a buyer's documents: long enough to open them, too short to pass around. */
export const DOCUMENT_LINK_SECONDS = 60;

const conflict = (message: string) => new AppError(409, message);
const aud = (value: string | null) => (value === null ? null : fixed(value, 2));

interface IdentityDeps {
  db: Db;
  uploads: Pick<UploadsService, 'claim' | 'signedUrl'>;
  mail: Pick<QueuedMailDelivery, 'deliverSoon'>;
  /** The site's address, for the link in the decision e-mail. */
  publicUrl: string;
}

export function createIdentityService({ db, uploads, mail, publicUrl }: IdentityDeps) {
  async function limits(): Promise<LimitSettings> {
    return requireSettings(db);
  }

  function statusOf(
    review: IdentityReviewRow | undefined,
    settings: LimitSettings,
    usedAud: string,
  ): IdentityStatus {
    const verified = review?.state === 'approved';
    return {
      state: review?.state ?? 'none',
      reason: review?.state === 'rejected' ? review.reason : null,
      submittedAt: review?.createdAt.toISOString() ?? null,
      decidedAt: review?.decidedAt?.toISOString() ?? null,
      limitAud: aud(limitFor(settings, verified)),
      verifiedLimitAud: aud(settings.kycVerifiedLimitAud),
      usedAud: fixed(usedAud, 2),
    };
  }

  async function status(userId: string) {
    const [review, settings, used] = await Promise.all([
      latestReview(db, userId),
      limits(),
      sumBoughtInYear(db, userId),
    ]);
    return statusOf(review, settings, used);
  }

  const toAdminDto = (
    row: { review: IdentityReviewRow; name: string; email: string; decidedByEmail: string | null },
    usedAud: string,
  ): AdminIdentityReview => ({
    id: row.review.id,
    _id: row.review.id,
    user: { _id: row.review.userId, name: row.name, email: row.email },
    state: row.review.state,
    documentType: row.review.documentType,
    secondDocumentType: row.review.secondDocumentType,
    reason: row.review.reason,
    submittedAt: row.review.createdAt.toISOString(),
    decidedAt: row.review.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedByEmail,
    usedAud: fixed(usedAud, 2),
  });

  async function adminOne(review: IdentityReviewRow, decidedByEmail: string | null) {
    const user = await findUserById(db, review.userId);
    const used = await sumBoughtInYear(db, review.userId);
    return toAdminDto(
      { review, name: user?.name ?? '', email: user?.email ?? '', decidedByEmail },
      used,
    );
  }

  /**
   * Approves or rejects a pending review: the decision, its audit row and the buyer's e-mail
   * commit together. Only a pending review can be decided (a second decision is a 409 and
   * changes nothing, also when two staff decide at once: the update names state = pending).
   */
  async function decide(
    actorId: string,
    id: string,
    decision: { state: 'approved' | 'rejected'; reason: string | null },
  ) {
    if (!isUuid(id)) throw notFound(identityMessages.notFound);
    const settings = await limits();
    const review = await db.transaction(async (tx) => {
      const row = await decidePendingReview(tx, id, { ...decision, decidedBy: actorId });
      if (!row) {
        if (await findReview(tx, id)) throw conflict(identityMessages.alreadyDecided);
        throw notFound(identityMessages.notFound);
      }
      await recordAudit(tx, {
        actorId,
        action: decision.state === 'approved' ? 'identityReview.approve' : 'identityReview.reject',
        entity: 'identity_review',
        entityId: row.id,
        before: { state: 'pending' },
        after: { state: row.state, reason: row.reason },
      });
      const buyer = await findUserById(tx, row.userId);
      if (buyer) {
        const url = `${publicUrl}${IDENTITY_PAGE_PATH}`;
        await queueMail(
          tx,
          buyer.email,
          decision.state === 'approved'
            ? {
                kind: 'identityApproved',
                name: nameToGreet(buyer),
                limitAud: aud(settings.kycVerifiedLimitAud),
                url,
              }
            : {
                kind: 'identityRejected',
                name: nameToGreet(buyer),
                reason: row.reason ?? '',
                url,
              },
        );
      }
      return row;
    });
    mail.deliverSoon();
    const staff = await findUserById(db, actorId);
    return adminOne(review, staff?.email ?? null);
  }

  return {
    /** GET /v1/account/identity. */
    status,

    /**
     * POST /v1/account/identity: claims the two uploads for a new pending review. 409 while one
     * is pending or once the identity is approved; a rejected buyer may send new documents.
     */
    async submit(userId: string, body: { documentUrl: string; secondDocumentUrl: string }) {
      await db.transaction(async (tx) => {
        // One submission at a time per account: the pending check and the insert go together.
        await lockUser(tx, userId);
        const last = await latestReview(tx, userId);
        if (last?.state === 'pending') throw conflict(identityMessages.alreadyPending);
        if (last?.state === 'approved') throw conflict(identityMessages.alreadyApproved);
        const reviewId = randomUUID();
        const { keys, kinds } = await uploads.claim(tx, userId, { identityReviewId: reviewId }, [
          { field: 'documentUrl', link: body.documentUrl },
          { field: 'secondDocumentUrl', link: body.secondDocumentUrl },
        ]);
        try {
          await tx.transaction((savepoint) =>
            insertReview(savepoint, {
              id: reviewId,
              userId,
              documentKey: keys.documentUrl!,
              documentType: kinds.documentUrl!,
              secondDocumentKey: keys.secondDocumentUrl!,
              secondDocumentType: kinds.secondDocumentUrl!,
            }),
          );
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(identityMessages.alreadyPending);
          throw err;
        }
      });
      return status(userId);
    },

    /** GET /v1/admin/identity-reviews: one page, in the database, with the count of each state. */
    async list(q: ListQuery<unknown> & { state?: IdentityReviewState }) {
      const { rows, total, counts } = await listReviews(db, {
        offset: q.offset,
        limit: q.limit,
        state: q.state,
      });
      const used = await sumsBoughtInYear(db, [...new Set(rows.map((r) => r.review.userId))]);
      return {
        ...pageOf(
          rows.map((r) => toAdminDto(r, used.get(r.review.userId) ?? '0')),
          total,
          q,
        ),
        counts,
      };
    },

    /**
     * GET /v1/admin/identity-reviews/:id/documents: links that open the two documents for a
     * minute. Every view is in the audit log, with who looked.
     */
    async documents(actorId: string, id: string): Promise<IdentityDocuments> {
      const review = isUuid(id) ? await findReview(db, id) : undefined;
      if (!review) throw notFound(identityMessages.notFound);
      await db.transaction((tx) =>
        recordAudit(tx, {
          actorId,
          action: 'identityReview.view',
          entity: 'identity_review',
          entityId: review.id,
        }),
      );
      const expiresAt = new Date(Date.now() + DOCUMENT_LINK_SECONDS * 1000);
      const [documentUrl, secondDocumentUrl] = await Promise.all([
        uploads.signedUrl(review.documentKey, DOCUMENT_LINK_SECONDS),
        uploads.signedUrl(review.secondDocumentKey, DOCUMENT_LINK_SECONDS),
      ]);
      return { documentUrl, secondDocumentUrl, expiresAt: expiresAt.toISOString() };
    },

    approve: (actorId: string, id: string) =>
      decide(actorId, id, { state: 'approved', reason: null }),

    reject: (actorId: string, id: string, reason: string) =>
      decide(actorId, id, { state: 'rejected', reason }),
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
