import { PurchaseStatus, statementPeriod, type OrderDelivery } from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { findUserById } from '../account/users.repo.ts';
import type { PresaleService } from '../presale/presale.service.ts';
import { buildStatement, startOfDay } from './statement.ts';
import { statementCsv, statementPdf } from './statement-files.ts';
import { findStatementOrders, type StatementOrder } from './statements.repo.ts';

/** Statements are dated in Australia's eastern time unless the buyer asks for their own zone. */
export const STATEMENT_TIME_ZONE = 'Australia/Sydney';

export interface StatementQuery {
  period: string;
  format: 'csv' | 'pdf';
  tz?: string;
}

export function createStatementsService({
  db,
  presale,
  seller,
  orderDelivery,
}: {
  db: Db;
  presale: Pick<PresaleService, 'settings'>;
  seller: { name: string; address: string };
  /** The order page's delivery line (absent: delivery has not started, no delivery columns). */
  orderDelivery?: (userId: string, purchaseId: string) => Promise<OrderDelivery | null>;
}) {
  /** Each accepted order's claim transaction and time, read as its order page reads them. */
  async function withDeliveries(userId: string, orders: StatementOrder[]) {
    if (!orderDelivery) return orders;
    return Promise.all(
      orders.map(async (order) => {
        if (order.status !== PurchaseStatus.Accepted) return order;
        const delivery = await orderDelivery(userId, order.id);
        return delivery?.claimedTx && delivery.claimedAt
          ? { ...order, delivery: { tx: delivery.claimedTx, at: new Date(delivery.claimedAt) } }
          : order;
      }),
    );
  }

  /** The statement file of `userId` (the route has checked `period`, `format` and `tz`). */
  async function file(userId: string, query: StatementQuery) {
    const user = await findUserById(db, userId);
    if (!user) throw notFound('User not found');
    const period = statementPeriod(query.period)!;
    const timeZone = query.tz ?? STATEMENT_TIME_ZONE;
    const range = {
      from: startOfDay(period.from, timeZone),
      until: startOfDay(period.until, timeZone),
    };
    const orders = await withDeliveries(userId, await findStatementOrders(db, userId, range));
    const statement = buildStatement(period, timeZone, range, orders);
    const fileName = `tmc-statement-${period.code}.${query.format}`;
    if (query.format === 'csv')
      return { fileName, type: 'text/csv; charset=utf-8', body: statementCsv(statement) };
    const { tokenSymbol } = await presale.settings();
    const body = await statementPdf(statement, user, seller, tokenSymbol);
    return { fileName, type: 'application/pdf', body: Buffer.from(body) };
  }

  return {
    /** GET /v1/account/statements: the caller's own. */
    forBuyer: (userId: string, query: StatementQuery) => file(userId, query),

    /** GET /v1/admin/users/:id/statements: a buyer's, for staff; each download is audited. */
    async forStaff(actorId: string, userId: string, query: StatementQuery) {
      const answer = await file(userId, query);
      await recordAudit(db, {
        actorId,
        action: 'statement.download',
        entity: 'user',
        entityId: userId,
        after: { period: query.period, format: query.format },
      });
      return answer;
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;
