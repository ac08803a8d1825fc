import { useEffect, useId, useRef, useState } from 'react';
import { DECIMALS, messages, minimumInCurrency, type PresaleConfig } from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox';
import { AlertIcon, CheckCircleIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { FOCUS_ON_ERROR_ATTRIBUTE, focusFirstInvalid } from '../../../lib/focus-first-error';
import { formatMoney, formatTokenPrice } from '../../../lib/format';
import {
  bankTransferProblem,
  buyFigures,
  cryptoTransferProblem,
  minimumProblem,
  normalizeAmount,
  type BuyCurrency,
  type BuyState,
} from '../buy-checks';
import type { BankRouteState, CryptoRouteState } from '../route-state';

const currencyChoices: { value: BuyCurrency; label: string; hint: string }[] = [
  { value: 'AUD', label: 'FIAT', hint: 'Bank transfer' },
  { value: 'ETH', label: 'ETH', hint: 'Ethereum' },
  { value: 'USDC', label: 'USDC', hint: 'USD Coin' },
];

/** Fiat amounts take 2 decimals; ETH and USDC their own. */
const amountDecimals = (currency: BuyCurrency) =>
  currency === 'AUD' ? DECIMALS.AUD : DECIMALS[currency];

const RATES_NOT_READY = 'Currency rates are still loading. Please try again in a moment.';

/** Where a check's message shows: under the control it is about. */
type ProblemField = 'payWith' | 'fiat' | 'amount' | 'disclaimer';

const problemFields: Record<string, ProblemField> = {
  [messages.investmentAmount]: 'amount',
  [messages.bankCurrency]: 'payWith',
  [messages.cryptoCurrency]: 'payWith',
  [messages.buyDisclaimer]: 'disclaimer',
  [messages.fiatCurrency]: 'fiat',
};

interface Problem {
  field: ProblemField;
  message: string;
  /** The toast that said it too, closed once the problem is fixed or the page is left. */
  toastId: number;
}

/** The minimum purchase in the chosen currency, rounded up; null without a rate for it. */
function minimumIn(
  code: string | null,
  rates: Record<string, string> | undefined,
  minPurchaseAud: string | undefined,
): string | null {
  const rate = code ? rates?.[code] : undefined;
  if (!code || code === 'AUD' || !rate || !rates?.AUD || !minPurchaseAud) return null;
  try {
    const decimals = code === 'ETH' || code === 'USDC' ? 6 : DECIMALS.AUD;
    return formatMoney(minimumInCurrency(minPurchaseAud, rate, rates.AUD, decimals), code);
  } catch {
    return null;
  }
}

export interface BuyFormProps {
  /** Units per 1 AUD, from GET /v1/currency-rate/getCurrency. */
  rates: Record<string, string> | undefined;
  fiatOptions: readonly ComboboxOption[];
  ratesLoading: boolean;
  ratesError: string | null;
  onRetryRates: () => void;
  config: PresaleConfig | undefined;
  onBankTransfer: (state: BankRouteState) => void;
  onCryptoTransfer: (state: CryptoRouteState) => void;
}

export function BuyForm({
  rates,
  fiatOptions,
  ratesLoading,
  ratesError,
  onRetryRates,
  config,
  onBankTransfer,
  onCryptoTransfer,
}: BuyFormProps) {
  const disclaimerId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [state, setState] = useState<BuyState>({
    currency: 'AUD',
    fiatCode: null,
    amount: '',
    accepted: false,
  });
  const { currency, fiatCode, amount, accepted } = state;
  const isFiat = currency === 'AUD';
  const amountLocked = isFiat && !fiatCode;
  const amountCode = isFiat ? fiatCode : currency;
  const { aud, tokens } = buyFigures(state, rates, config?.tokenPriceAud);
  const belowMinimum = minimumProblem(aud, config?.minPurchaseAud);
  const minimumInChosen = minimumIn(amountCode, rates, config?.minPurchaseAud);
  const errorFor = (field: ProblemField) =>
    problem?.field === field ? problem.message : undefined;

  // A shown problem takes the eye: its control scrolls into view and takes focus.
  useEffect(() => {
    if (problem) focusFirstInvalid(containerRef.current);
  }, [problem]);

  // Its toast does not follow the buyer to the next page.
  const toastId = problem?.toastId;
  useEffect(() => () => (toastId ? toast.dismiss(toastId) : undefined), [toastId]);

  function report(message: string, field: ProblemField) {
    setProblem({ field, message, toastId: toast.error(message) });
  }

  /** Says the first failed check where it belongs (and in a toast); false when none failed. */
  function reportProblem(message: string | null): boolean {
    if (!message) return false;
    report(message, problemFields[message] ?? 'amount');
    return true;
  }

  function update(patch: Partial<BuyState>) {
    setState((current) => ({ ...current, ...patch }));
    // Changing what a shown problem is about clears it.
    if (!problem) return;
    const fixes: Record<ProblemField, boolean> = {
      payWith: patch.currency !== undefined,
      fiat: patch.fiatCode !== undefined || patch.currency !== undefined,
      amount:
        patch.amount !== undefined || patch.fiatCode !== undefined || patch.currency !== undefined,
      disclaimer: patch.accepted === true,
    };
    if (fixes[problem.field]) setProblem(null);
  }

  function chooseCurrency(next: BuyCurrency) {
    // Spec section 4: choosing ETH or USDC resets the chosen fiat code.
    update(next === 'AUD' ? { currency: next } : { currency: next, fiatCode: null });
  }

  function changeAmount(text: string) {
    const places = amountDecimals(currency);
    const pattern = new RegExp(`^\\d{0,15}(\\.\\d{0,${places}})?$`);
    if (pattern.test(text)) update({ amount: text });
  }

  function bankTransfer() {
    if (reportProblem(bankTransferProblem(state) ?? belowMinimum)) return;
    if (!aud || !fiatCode) {
      toast.error(ratesError ?? RATES_NOT_READY);
      return;
    }
    onBankTransfer({
      price: normalizeAmount(amount),
      userCurrency: fiatCode,
      convertedAmount: aud,
      ...(tokens ? { tokens } : {}),
      currency: 'AUD',
    });
  }

  function cryptoTransfer() {
    if (reportProblem(cryptoTransferProblem(state) ?? belowMinimum)) return;
    if (currency === 'AUD') return;
    onCryptoTransfer({ price: normalizeAmount(amount), currency });
  }

  const payWithError = errorFor('payWith');
  const disclaimerError = errorFor('disclaimer');

  return (
    <div ref={containerRef} className="flex flex-col gap-6">
      <fieldset
        data-field=""
        className="flex flex-col gap-2"
        aria-describedby={payWithError ? `${disclaimerId}-pay-error` : undefined}
      >
        <legend className="required-mark mb-2 text-sm font-bold">Pay with</legend>
        <div className="grid grid-cols-3 gap-2">
          {currencyChoices.map((choice) => (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer flex-col items-center rounded-2xl border-2 px-2 py-3 text-center transition',
                'has-[:focus]:outline-3 has-[:focus]:outline-offset-2 has-[:focus]:outline-cyan',
                currency === choice.value
                  ? 'border-lime bg-lime/10 text-fg'
                  : 'border-line bg-surface-2 text-muted hover:border-muted',
              )}
            >
              <input
                type="radio"
                name="buy-currency"
                value={choice.value}
                checked={currency === choice.value}
                aria-invalid={payWithError && currency === choice.value ? true : undefined}
                onChange={() => chooseCurrency(choice.value)}
                className="sr-only"
              />
              <span className="font-display text-lg font-black">{choice.label}</span>
              <span className="text-xs">{choice.hint}</span>
            </label>
          ))}
        </div>
        {payWithError ? (
          <p
            id={`${disclaimerId}-pay-error`}
            role="alert"
            className="text-sm font-medium text-danger"
          >
            {payWithError}
          </p>
        ) : null}
      </fieldset>

      {isFiat ? (
        ratesError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-2xl border-2 border-danger/70 p-4 text-sm"
          >
            <AlertIcon className="text-xl text-danger" />
            <span className="flex-1">{ratesError}</span>
            <Button variant="secondary" size="sm" onClick={onRetryRates}>
              Try again
            </Button>
          </div>
        ) : (
          <Combobox
            label="Currency"
            options={fiatOptions}
            value={fiatCode}
            onChange={(code) => update({ fiatCode: code })}
            placeholder={ratesLoading ? 'Loading currencies…' : 'Search a currency, e.g. EUR'}
            disabled={ratesLoading}
            required
            error={errorFor('fiat')}
            clearLabel="Clear currency"
            hint="Paid by bank transfer in AUD, converted at today's rate."
          />
        )
      ) : null}

      <TextField
        label="Amount"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={amountLocked ? 'Choose a currency first' : '0.00'}
        value={amount}
        onChange={(event) => changeAmount(event.target.value.replace(',', '.'))}
        disabled={amountLocked}
        required
        error={errorFor('amount')}
        announceError
        hint={amountLocked ? 'Choose a currency to enter an amount.' : undefined}
        endAdornment={
          amountCode ? (
            <span className="px-2 text-sm font-bold text-muted">{amountCode}</span>
          ) : undefined
        }
      />

      <dl
        aria-live="polite"
        className="grid gap-3 rounded-2xl border-2 border-line bg-surface-2 p-4 text-sm sm:grid-cols-2"
      >
        <div className="flex flex-col gap-0.5">
          <dt className="text-muted">Converted amount</dt>
          <dd className="font-display text-xl font-black break-all text-fg tabular-nums">
            {aud ? formatMoney(aud, 'AUD') : '-'}
          </dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-muted">You will get</dt>
          <dd className="font-display text-xl font-black break-all text-lime tabular-nums">
            {tokens ? formatMoney(tokens, config?.tokenSymbol ?? 'TMC') : '-'}
          </dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-muted">Token price</dt>
          <dd className="font-bold">{config ? formatTokenPrice(config.tokenPriceAud) : '-'}</dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-muted">Minimum purchase</dt>
          <dd className={cn('font-bold', belowMinimum && 'text-danger')}>
            {config ? formatMoney(config.minPurchaseAud, 'AUD') : '-'}
            {minimumInChosen ? (
              <span className="block font-semibold text-muted">at least {minimumInChosen}</span>
            ) : null}
          </dd>
        </div>
      </dl>

      <section
        data-field=""
        aria-labelledby={disclaimerId}
        className={cn(
          'flex flex-col gap-3 rounded-2xl border-2 p-4',
          accepted ? 'border-success/70' : disclaimerError ? 'border-danger' : 'border-pink/70',
        )}
      >
        <h2 id={disclaimerId} className="text-lg">
          Before You Purchase
        </h2>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted">
          <li>You must be 18 years of age or older to buy TMC.</li>
          <li>TMC is a meme token for fun and community. It is not a financial product.</li>
          <li>Nothing on this site is financial advice. Only spend what you can afford to lose.</li>
        </ul>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            size="sm"
            onClick={() => update({ accepted: true })}
            aria-pressed={accepted}
            aria-describedby={disclaimerError ? `${disclaimerId}-error` : undefined}
            {...{ [FOCUS_ON_ERROR_ATTRIBUTE]: disclaimerError ? '' : undefined }}
          >
            Accept
          </Button>
          <Button size="sm" variant="secondary" onClick={() => update({ accepted: false })}>
            Reject
          </Button>
          <p role="status" className="flex items-center gap-1.5 text-sm font-bold">
            {accepted ? (
              <>
                <CheckCircleIcon className="text-success" /> Accepted
              </>
            ) : (
              <span className="text-muted">Not accepted yet</span>
            )}
          </p>
        </div>
        {disclaimerError ? (
          <p id={`${disclaimerId}-error`} role="alert" className="text-sm font-medium text-danger">
            {disclaimerError}
          </p>
        ) : null}
      </section>

      <div className="grid gap-3 sm:grid-cols-2">
        {/* The spec's two buttons stay; the one the chosen currency allows is the primary one. */}
        <Button
          size="lg"
          variant={isFiat ? 'primary' : 'secondary'}
          onClick={bankTransfer}
          disabled={!isFiat}
        >
          Bank Transfer
        </Button>
        <Button
          size="lg"
          variant={isFiat ? 'secondary' : 'primary'}
          onClick={cryptoTransfer}
          disabled={isFiat}
        >
          Crypto Transfer
        </Button>
      </div>
    </div>
  );
}
