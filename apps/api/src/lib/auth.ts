import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { securityMessages, type Role, type TokenInfo } from '@tmc/shared';
import type { Config } from '../config.ts';
import { forbidden, unauthorized } from './errors.ts';
import type { SessionStates } from './session-states.ts';
import { isUuid } from './uuid.ts';
import { authGuard } from './openapi.ts';

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
    /** The account of a valid access token, if the request carries one (never refuses). */
    callerOf: (req: FastifyRequest) => Promise<string | undefined>;
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

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const HEADER = base64url({ alg: 'HS256', typ: 'JWT' });

/** Reads a base64url JSON object; undefined for anything else. */
function decodeObject(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Access tokens are JWTs (RFC 7519) signed with HMAC-SHA256, made and checked synchronously with
 * node:crypto: WebCrypto's asynchronous HMAC cost more than the rest of a signed-in read.
 */
export function createAccessTokens(config: Pick<Config, 'jwtSecret'>) {
  const secret = Buffer.from(config.jwtSecret);
  const signature = (signed: string) =>
    createHmac('sha256', secret).update(signed).digest('base64url');

  return {
    sign(user: AccessClaims): TokenInfo {
      const now = Math.floor(Date.now() / 1000);
      const exp = now + ACCESS_TOKEN_SECONDS;
      const signed = `${HEADER}.${base64url({
        role: user.role,
        sv: user.sessionVersion,
        mfa: user.secondFactor,
        sub: user.id,
        iss: ISSUER,
        aud: AUDIENCE,
        iat: now,
        exp,
      })}`;
      return {
        token: `${signed}.${signature(signed)}`,
        expires: new Date(exp * 1000).toISOString(),
      };
    },

    /** The caller, or undefined for anything but an unexpired HS256 token of ours. */
    verify(token: string): AccessClaims | undefined {
      const parts = token.split('.');
      if (parts.length !== 3) return undefined;
      const [header, payload, given] = parts as [string, string, string];
      // Compared as text, so no other spelling of the same bytes passes.
      const expected = Buffer.from(signature(`${header}.${payload}`));
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), expected))
        return undefined;
      const head = decodeObject(header);
      if (head?.alg !== 'HS256' || head.crit !== undefined) return undefined;
      const claims = decodeObject(payload);
      if (!claims) return undefined;
      const { sub, role, sv, mfa, iss, aud, exp } = claims;
      if (iss !== ISSUER || !(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE))))
        return undefined;
      if (typeof exp !== 'number' || exp <= Date.now() / 1000) return undefined;
      if (typeof sub !== 'string' || !isUuid(sub) || (role !== 'user' && role !== 'admin'))
        return undefined;
      if (typeof sv !== 'number' || !Number.isInteger(sv)) return undefined;
      return { id: sub, role, sessionVersion: sv, secondFactor: mfa === true };
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** Registers `requireUser` and `requireAdmin` for every route of the app (register before the modules). */
export const authPlugin = fp<{ config: Pick<Config, 'jwtSecret'>; sessionStates: SessionStates }>(
  (app, { config, sessionStates }) => {
    const tokens = createAccessTokens(config);

    /**
     * A token made before the account's session version was raised (promotion, password reset)
     * is refused, and the role is the database's, not the token's (both kept in memory).
     */
    const requireUser: Guard = async (req) => {
      const [scheme, token] = (req.headers.authorization ?? '').split(' ');
      const claims = scheme?.toLowerCase() === 'bearer' && token ? tokens.verify(token) : undefined;
      if (!claims) throw unauthorized();
      const state = await sessionStates.get(claims.id, claims.sessionVersion);
      if (!state || state.sessionVersion !== claims.sessionVersion) throw unauthorized();
      req.user = { id: claims.id, role: state.role, secondFactor: claims.secondFactor };
    };

    const requireAdmin: Guard = async (req) => {
      await requireUser(req);
      if (req.user.role !== 'admin') throw forbidden();
      if (!req.user.secondFactor) throw forbidden(securityMessages.secondFactorRequired);
    };

    const callerOf = async (req: FastifyRequest) => {
      try {
        await requireUser(req);
        return req.user.id;
      } catch {
        return undefined;
      }
    };

    app.decorateRequest('user', null as unknown as AuthUser);
    app.decorate('callerOf', callerOf);
    app.decorate('requireUser', authGuard('user', requireUser));
    app.decorate('requireAdmin', authGuard('admin', requireAdmin));
    return Promise.resolve();
  },
  { name: 'tmc-auth' },
);
