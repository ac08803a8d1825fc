import { z } from 'zod';
import type { User } from '@tmc/shared';
import type { UserRow } from './users.repo.ts';

/** The User object of API.md: never the password hash, never a token. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  walletAddress: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  isAffiliated: z.boolean(),
  isInfluencer: z.boolean(),
  role: z.enum(['user', 'admin']),
  createdAt: z.string(),
});

export const toUserDto = (u: UserRow): User => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  emailVerified: u.emailVerifiedAt !== null,
  walletAddress: u.walletAddress,
  affiliateCode: u.affiliateCode,
  isAffiliated: u.isAffiliated,
  isInfluencer: u.isInfluencer,
  role: u.role,
  createdAt: u.createdAt.toISOString(),
});
