import {
  DEFAULT_DELIVERY_STATEMENT,
  identityMessages,
  minConfirmationsFloorMessage,
  stageMessages,
} from '@tmc/shared';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, notConfigured } from '../../lib/errors.ts';
import { fixed, money, plain } from '../../lib/money.ts';
import { requireSettings } from '../presale/presale.repo.ts';
import { hasStages } from '../stages/stages.repo.ts';
import {
  listRateRows,
  lockRates,
  lockSettings,
  updateSettings,
  upsertRates,
  type SettingsChange,
  type SettingsRow,
} from './admin-settings.repo.ts';

export const toAdminSettingsDto = (s: SettingsRow) => ({
  tokenName: s.tokenName,
  tokenSymbol: s.tokenSymbol,
  tokenPriceAud: plain(s.tokenPriceAud),
  minPurchaseAud: fixed(s.minPurchaseAud, 2),
  hardCapAud: fixed(s.hardCapAud, 2),
  endsAt: s.endsAt?.toISOString() ?? null,
  companyWallet: s.companyWallet,
  swapWallet: s.swapWallet,
  usdcAddress: s.usdcAddress,
  chainId: s.chainId,
  minConfirmations: s.minConfirmations,
  quoteTtlMinutes: s.quoteTtlMinutes,
  quoteGraceMinutes: s.quoteGraceMinutes,
  bankPaymentWindowHours: s.bankPaymentWindowHours,
  rateMaxAgeMinutes: s.rateMaxAgeMinutes,
  holdDays: s.holdDays,
  kycLimitAud: fixed(s.kycLimitAud, 2),
  kycVerifiedLimitAud: s.kycVerifiedLimitAud === null ? null : fixed(s.kycVerifiedLimitAud, 2),
  whitePaperUrl: s.whitePaperUrl,
  deliveryStatement: s.deliveryStatement ?? DEFAULT_DELIVERY_STATEMENT,
  raisedAud: fixed(s.raisedAud, 2),
  tokensSold: fixed(s.tokensSold, 18),
  updatedAt: s.updatedAt.toISOString(),
});

export const settingsMessages = {
  minAboveCap: 'The minimum purchase cannot be above the hard cap',
  audRate: 'The AUD rate is always 1: rates are units per 1 AUD',
} as const;

interface AdminSettingsDeps {
  db: Db;
  /** The fewest confirmations this chain allows (config: 12 in production and on a real chain). */
  minConfirmationsFloor: number;
}

export function createAdminSettingsService({ db, minConfirmationsFloor }: AdminSettingsDeps) {
  async function rateTable() {
    const rows = await listRateRows(db);
    return {
      base: 'AUD' as const,
      rates: rows.map((r) => ({
        code: r.code,
        rate: plain(r.rate),
        updatedAt: r.updatedAt.toISOString(),
      })),
    };
  }

  return {
    async get() {
      const row = await requireSettings(db);
      return toAdminSettingsDto(row);
    },

    update: (actorId: string, change: SettingsChange) =>
      db.transaction(async (tx) => {
        if (
          change.minConfirmations !== undefined &&
          change.minConfirmations < minConfirmationsFloor
        )
          throw badRequest(minConfirmationsFloorMessage(minConfirmationsFloor), {
            minConfirmations: minConfirmationsFloorMessage(minConfirmationsFloor),
          });
        const before = await lockSettings(tx);
        if (!before) throw notConfigured();
        // The price of new orders is the active stage's; the setting only follows it.
        if (
          change.tokenPriceAud !== undefined &&
          !money(change.tokenPriceAud).equals(before.tokenPriceAud) &&
          (await hasStages(tx))
        )
          throw badRequest(stageMessages.priceBySettings, {
            tokenPriceAud: stageMessages.priceBySettings,
          });
        const min = change.minPurchaseAud ?? before.minPurchaseAud;
        const cap = change.hardCapAud ?? before.hardCapAud;
        if (money(min).greaterThan(cap))
          throw badRequest(settingsMessages.minAboveCap, {
            minPurchaseAud: settingsMessages.minAboveCap,
          });
        const basic = change.kycLimitAud ?? before.kycLimitAud;
        const verified =
          change.kycVerifiedLimitAud !== undefined
            ? change.kycVerifiedLimitAud
            : before.kycVerifiedLimitAud;
        if (verified !== null && money(verified).lessThan(basic))
          throw badRequest(identityMessages.verifiedBelowBasic, {
            kycVerifiedLimitAud: identityMessages.verifiedBelowBasic,
          });
        const after = await updateSettings(tx, change);
        await recordAudit(tx, {
          actorId,
          action: 'settings.update',
          entity: 'settings',
          entityId: '1',
          before: toAdminSettingsDto(before),
          after: toAdminSettingsDto(after),
        });
        return toAdminSettingsDto(after);
      }),

    rates: rateTable,

    /** Sets the given codes (new codes are added); the others stay as they are. */
    async setRates(actorId: string, rates: Record<string, string>) {
      if (rates.AUD !== undefined && !money(rates.AUD).equals(1))
        throw badRequest(settingsMessages.audRate, { 'rates.AUD': settingsMessages.audRate });
      const entries = Object.entries(rates).map(([code, rate]) => ({ code, rate }));
      await db.transaction(async (tx) => {
        const before = await lockRates(
          tx,
          entries.map((e) => e.code),
        );
        const after = await upsertRates(tx, entries);
        const byCode = (rows: { code: string; rate: string }[]) =>
          Object.fromEntries(rows.map((r) => [r.code, plain(r.rate)]));
        await recordAudit(tx, {
          actorId,
          action: 'rates.update',
          entity: 'currency_rates',
          before: byCode(before),
          after: byCode(after),
        });
      });
      return rateTable();
    },
  };
}

export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;
