/** An EIP-1193 provider: what a browser wallet puts in the page. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
}

/** EIP-6963 provider info. */
export interface WalletInfo {
  uuid: string;
  name: string;
  /** A data: URI image. */
  icon: string;
  rdns: string;
}

export interface BrowserWallet {
  info: WalletInfo;
  provider: Eip1193Provider;
}

interface AnnounceDetail {
  info?: Partial<WalletInfo>;
  provider?: Eip1193Provider;
}

const isProvider = (value: unknown): value is Eip1193Provider =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { request?: unknown }).request === 'function';

/** A wallet that only sets window.ethereum (EIP-1193, no EIP-6963 announcement). */
export function injectedWallet(): BrowserWallet | null {
  const ethereum = (window as { ethereum?: unknown }).ethereum;
  if (!isProvider(ethereum)) return null;
  return {
    info: { uuid: 'window.ethereum', name: 'Browser wallet', icon: '', rdns: '' },
    provider: ethereum,
  };
}

/**
 * Listens for EIP-6963 announcements and asks wallets to announce themselves; calls `onChange`
 * with every wallet found so far (each once, by uuid). Returns the function that stops listening.
 */
export function watchWallets(onChange: (wallets: BrowserWallet[]) => void): () => void {
  const found = new Map<string, BrowserWallet>();
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<AnnounceDetail>).detail;
    const uuid = detail?.info?.uuid;
    if (!uuid || !isProvider(detail.provider) || found.has(uuid)) return;
    found.set(uuid, {
      info: {
        uuid,
        name: detail.info?.name || 'Browser wallet',
        icon: typeof detail.info?.icon === 'string' ? detail.info.icon : '',
        rdns: detail.info?.rdns ?? '',
      },
      provider: detail.provider,
    });
    onChange([...found.values()]);
  };
  window.addEventListener('eip6963:announceProvider', onAnnounce);
  window.dispatchEvent(new Event('eip6963:requestProvider'));
  return () => window.removeEventListener('eip6963:announceProvider', onAnnounce);
}
