import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Tokens } from '@tmc/shared';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { createAccessTokens, type AccessClaims } from '../../lib/auth.ts';
import { unauthorized } from '../../lib/errors.ts';
import { bumpSessionVersion, findSessionState } from '../account/users.repo.ts';
import {
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRefreshTokenReplaced,
  revokeRefreshTokenByHash,
  revokeRefreshTokenFamily,
  revokeUserRefreshTokens,
} from './auth.repo.ts';

export const REFRESH_TOKEN_DAYS = 30;

const tokenInfoSchema = z.object({ token: z.string(), expires: z.string() });
export const tokensSchema = z.object({ access: tokenInfoSchema, refresh: tokenInfoSchema });

/** Random secrets handed out once; only their SHA-256 is stored. */
export const newSecret = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A login is a family of refresh tokens: each use replaces the token with a new one, and a
 * replaced token coming back means it was copied, so the whole family is revoked.
 */
export function createSessions({ db, config }: { db: Db; config: Pick<Config, 'jwtSecret'> }) {
  const access = createAccessTokens(config);

  async function issue(
    tx: Tx,
    user: AccessClaims,
    family: string,
  ): Promise<{ id: string; tokens: Tokens }> {
    const token = newSecret();
    const expiresAt = new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000);
    const { id } = await insertRefreshToken(tx, {
      userId: user.id,
      family,
      tokenHash: sha256(token),
      expiresAt,
      secondFactor: user.secondFactor,
    });
    return {
      id,
      tokens: {
        access: access.sign(user),
        refresh: { token, expires: expiresAt.toISOString() },
      },
    };
  }

  return {
    /** A new login; `tx` when it must start in the same transaction as what ended the others. */
    async start(user: AccessClaims, tx: Tx = db): Promise<Tokens> {
      return (await issue(tx, user, randomUUID())).tokens;
    },

    async rotate(refreshToken: string): Promise<Tokens> {
      const outcome = await db.transaction(async (tx) => {
        const row = await findRefreshTokenForUpdate(tx, sha256(refreshToken));
        if (!row) return undefined;
        if (row.revokedAt) {
          await revokeRefreshTokenFamily(tx, row.family);
          return undefined;
        }
        const state = row.live ? await findSessionState(tx, row.userId) : undefined;
        if (!state) return undefined;
        const next = await issue(
          tx,
          { id: row.userId, ...state, secondFactor: row.secondFactor },
          row.family,
        );
        await markRefreshTokenReplaced(tx, row.id, next.id);
        return next.tokens;
      });
      // Thrown after the transaction, so revoking a reused token's family is kept.
      if (!outcome) throw unauthorized();
      return outcome;
    },

    async revoke(refreshToken: string) {
      await revokeRefreshTokenByHash(db, sha256(refreshToken));
    },

    endAll: endAllSessions,
  };
}

/** Ends every login of the account: refresh tokens revoked, access tokens refused from now on; answers the new session version. */
export async function endAllSessions(tx: Tx, userId: string) {
  await revokeUserRefreshTokens(tx, userId);
  return bumpSessionVersion(tx, userId);
}

export type Sessions = ReturnType<typeof createSessions>;
