import { CRYPTO_CURRENCIES } from '@tmc/shared';

export interface CurrencyOption {
  value: string;
  /** "EUR · Euro". */
  label: string;
  keywords: string;
}

const names = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'code' });

function currencyName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The fiat codes of a rates table (everything but ETH and USDC), sorted, with their names. */
export function fiatCurrencyOptions(rates: Record<string, string> | undefined): CurrencyOption[] {
  if (!rates) return [];
  return Object.keys(rates)
    .filter((code) => !(CRYPTO_CURRENCIES as readonly string[]).includes(code))
    .sort()
    .map((code) => {
      const name = currencyName(code);
      return { value: code, label: name === code ? code : `${code} · ${name}`, keywords: name };
    });
}
