/** What staff see next to a request that may be an affiliate buying from themselves. */
export interface FraudSignal {
  code: 'shared-wallet' | 'same-signup-ip' | 'same-mailbox';
  message: string;
}

export interface Party {
  email: string;
  walletAddress: string | null;
  signupIpHash: string | null;
}

export interface SignalInput {
  buyer: Party;
  /** The purchase's own wallet field and, for crypto, the address that paid. */
  buyerWallets: (string | null)[];
  /** Whoever earns on the purchase: the direct affiliate and, for tier 2, the introducer. */
  earners: { role: 'affiliate' | 'introducer'; party: Party }[];
}

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/** One mailbox, however it is spelled: case, +tags and (for Gmail) dots do not make a new person. */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const bare = local.replace(/\+.*$/, '');
  return GMAIL.has(domain) ? `${bare.replace(/\./g, '')}@gmail.com` : `${bare}@${domain}`;
}

const sameAddress = (a: string | null, b: string | null) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

export function fraudSignalsOf({ buyer, buyerWallets, earners }: SignalInput): FraudSignal[] {
  const signals: FraudSignal[] = [];
  const wallets = [buyer.walletAddress, ...buyerWallets];
  for (const { role, party } of earners) {
    const who = `the ${role} (${party.email})`;
    if (wallets.some((w) => sameAddress(w, party.walletAddress)))
      signals.push({ code: 'shared-wallet', message: `The buyer uses the same wallet as ${who}` });
    if (buyer.signupIpHash && buyer.signupIpHash === party.signupIpHash)
      signals.push({
        code: 'same-signup-ip',
        message: `The buyer signed up from the same IP address as ${who}`,
      });
    if (mailboxOf(buyer.email) === mailboxOf(party.email))
      signals.push({
        code: 'same-mailbox',
        message: `The buyer's e-mail is another spelling of the e-mail of ${who}`,
      });
  }
  return signals;
}
