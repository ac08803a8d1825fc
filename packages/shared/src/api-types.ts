import type { Role } from './enums.ts';

/** Object shapes of the HTTP answers (API.md, "Objects"). Money is always a decimal string. */

export interface User {
  _id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  walletAddress: string | null;
  affiliateCode: string | null;
  isAffiliated: boolean;
  isInfluencer: boolean;
  role: Role;
  createdAt: string;
}

export interface TokenInfo {
  token: string;
  expires: string;
}

export interface Tokens {
  access: TokenInfo;
  refresh: TokenInfo;
}

/** `data` of POST /v1/auth/login and of a guest purchase that signs the visitor in. */
export interface AuthResult {
  user: User;
  tokens: Tokens;
}

/** `data` of GET /v1/presale/config. */
export interface PresaleConfig {
  tokenName: string;
  tokenSymbol: string;
  tokenPriceAud: string;
  minPurchaseAud: string;
  hardCapAud: string;
  raisedAud: string;
  endsAt: string | null;
  companyWallet: string;
  swapWallet: string;
  chainId: number;
  usdcAddress: string;
  whitePaperUrl: string;
}
