import { createSecretKey, hkdfSync } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { securityMessages, type Role, type TokenInfo } from '@tmc/shared';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { findSessionState } from '../modules/account/users.repo.ts';
import { forbidden, unauthorized } from './errors.ts';
import { isUuid } from './uuid.ts';

/** Who is calling: set by `app.requireUser` / `app.requireAdmin`, absent on other routes. */
export interface AuthUser {
  id: string;
  role: Role;
  /** The login was opened with the staff second factor (TOTP or a recovery code). */
  secondFactor: boolean;
}

/** What an access token carries: the caller and the account's session version when it was made. */
export interface AccessClaims extends AuthUser {
  sessionVersion: number;
}

type Guard = (req: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 'Please authenticate' unless a valid access token is sent; sets `req.user`. */
    requireUser: Guard;
    /** preHandler: as requireUser, then 403 unless the account is an admin now and signed in with its second factor. */
    requireAdmin: Guard;
  }
  interface FastifyRequest {
    /** Only set on routes guarded by requireUser or requireAdmin. */
    user: AuthUser;
  }
}

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'tmc-api';
const AUDIENCE = 'tmc-web';

/** A separate key per use, so a value made for one purpose never verifies for another. */
export const deriveKey = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'tmc', purpose, 32));

/** What every access token must satisfy besides its signature. */
const VERIFY_OPTIONS = {
  algorithms: ['HS256'],
  issuer: ISSUER,
  audience: AUDIENCE,
  requiredClaims: ['sub', 'exp'],
};

export function createAccessTokens(config: Pick<Config, 'jwtSecret'>) {
  // A key object made once, not imported again on every request.
  const key = createSecretKey(Buffer.from(config.jwtSecret));

  return {
    async sign(user: AccessClaims): Promise<TokenInfo> {
      const exp = Math.floor(Date.now() / 1000) + ACCESS_TOKEN_SECONDS;
      const token = await new SignJWT({
        role: user.role,
        sv: user.sessionVersion,
        mfa: user.secondFactor,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);
      return { token, expires: new Date(exp * 1000).toISOString() };
    },

    /** The caller, or undefined for anything but an unexpired HS256 token of ours. */
    async verify(token: string): Promise<AccessClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, VERIFY_OPTIONS);
        const { sub, role, sv, mfa } = payload;
        if (!sub || !isUuid(sub) || (role !== 'user' && role !== 'admin')) return undefined;
        if (typeof sv !== 'number' || !Number.isInteger(sv)) return undefined;
        return { id: sub, role, sessionVersion: sv, secondFactor: mfa === true };
      } catch {
        return undefined;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** Registers `requireUser` and `requireAdmin` for every route of the app (register before the modules). */
export const authPlugin = fp<{ config: Pick<Config, 'jwtSecret'>; db: Db }>(
  (app, { config, db }) => {
    const tokens = createAccessTokens(config);

    /**
     * One primary-key read per request: a token made before the account's session version was
     * raised (promotion, password reset) is refused, and the role is the database's, not the token's.
     */
    const requireUser: Guard = async (req) => {
      const [scheme, token] = (req.headers.authorization ?? '').split(' ');
      const claims =
        scheme?.toLowerCase() === 'bearer' && token ? await tokens.verify(token) : undefined;
      if (!claims) throw unauthorized();
      const state = await findSessionState(db, claims.id);
      if (!state || state.sessionVersion !== claims.sessionVersion) throw unauthorized();
      req.user = { id: claims.id, role: state.role, secondFactor: claims.secondFactor };
    };

    const requireAdmin: Guard = async (req) => {
      await requireUser(req);
      if (req.user.role !== 'admin') throw forbidden();
      if (!req.user.secondFactor) throw forbidden(securityMessages.secondFactorRequired);
    };

    app.decorateRequest('user', null as unknown as AuthUser);
    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', requireAdmin);
    return Promise.resolve();
  },
  { name: 'tmc-auth' },
);
