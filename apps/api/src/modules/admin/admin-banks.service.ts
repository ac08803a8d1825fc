import type { AdminBankBody } from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf, type ListQuery } from '../../lib/list-query.ts';
import { toBankDto } from '../banks/banks.service.ts';
import { insertBank, listBanks, lockBank, updateBank, type BankRow } from './admin-banks.repo.ts';

/** The public bank record plus what staff manage. */
export const toAdminBankDto = (b: BankRow) => ({
  ...toBankDto(b),
  RoutingNumber: b.routingNumber,
  accountNumber: b.accountNumber,
  active: b.active,
  createdAt: b.createdAt.toISOString(),
});

const BANK_NOT_FOUND = 'Bank account not found';

/** API field names (the spec's) to columns; absent fields are left as they are. */
const columnsOf = (input: Partial<AdminBankBody>) => ({
  ...(input.currency !== undefined ? { currency: input.currency } : {}),
  ...(input.bankName !== undefined ? { bankName: input.bankName } : {}),
  ...(input.accountHolder !== undefined ? { accountHolder: input.accountHolder } : {}),
  ...(input.BIC !== undefined ? { bic: input.BIC } : {}),
  ...(input.RoutingNumber !== undefined ? { routingNumber: input.RoutingNumber } : {}),
  ...(input.accountNumber !== undefined ? { accountNumber: input.accountNumber } : {}),
  ...(input.active !== undefined ? { active: input.active } : {}),
});

export function createAdminBanksService({ db }: { db: Db }) {
  async function change(
    actorId: string,
    id: string,
    action: string,
    input: Partial<AdminBankBody>,
  ) {
    return db.transaction(async (tx) => {
      const before = await lockBank(tx, id);
      if (!before) throw notFound(BANK_NOT_FOUND);
      const after = await updateBank(tx, id, columnsOf(input));
      await recordAudit(tx, {
        actorId,
        action,
        entity: 'bank',
        entityId: id,
        before: toAdminBankDto(before),
        after: toAdminBankDto(after),
      });
      return toAdminBankDto(after);
    });
  }

  return {
    async list(q: ListQuery<unknown> & { currency?: string; active?: boolean }) {
      const { rows, total } = await listBanks(db, q);
      return pageOf(rows.map(toAdminBankDto), total, q);
    },

    create: (actorId: string, input: AdminBankBody) =>
      db.transaction(async (tx) => {
        const bank = await insertBank(tx, {
          currency: input.currency,
          bankName: input.bankName,
          accountHolder: input.accountHolder,
          bic: input.BIC,
          routingNumber: input.RoutingNumber ?? null,
          accountNumber: input.accountNumber ?? null,
          active: input.active ?? true,
        });
        await recordAudit(tx, {
          actorId,
          action: 'bank.create',
          entity: 'bank',
          entityId: bank.id,
          after: toAdminBankDto(bank),
        });
        return toAdminBankDto(bank);
      }),

    update: (actorId: string, id: string, input: Partial<AdminBankBody>) =>
      change(actorId, id, 'bank.update', input),

    /** Purchases keep pointing at their bank, so an account is deactivated rather than deleted. */
    deactivate: (actorId: string, id: string) =>
      change(actorId, id, 'bank.deactivate', { active: false }),
  };
}

export type AdminBanksService = ReturnType<typeof createAdminBanksService>;
