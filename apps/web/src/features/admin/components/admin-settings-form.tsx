import { z } from 'zod';
import {
  BANK_PAYMENT_WINDOW_HOURS,
  DELIVERY_STATEMENT_MAX,
  QUOTE_GRACE_MINUTES,
  RATE_MAX_AGE_MINUTES,
  WALLET_PATTERN,
  messages,
  type AdminSettings,
  type AdminSettingsChange,
} from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { AlertIcon } from '../../../components/ui/icons';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useApiForm } from '../../../lib/use-api-form';
import { useAdminSettings, useUpdateAdminSettings } from '../api/admin-settings';
import { ListHeader } from '../../../components/ui/list-toolbar';

const decimal = (name: string, places: number, positive: boolean) =>
  z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\d{1,20}(\\.\\d{1,${places}})?$`),
      `${name} must be a number with at most ${places} decimals`,
    )
    .refine((value) => !positive || /[1-9]/.test(value), `${name} must be more than 0`);

const whole = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, `${name} must be a whole number`)
    .refine(
      (value) => Number(value) >= min && Number(value) <= max,
      `${name} must be from ${min} to ${max}`,
    );

const wallet = z.string().trim().regex(WALLET_PATTERN, messages.walletFormat);

/** The server's limits (admin settings route), checked here first for quick feedback. */
const settingsSchema = z.object({
  tokenName: z.string().trim().min(1, 'Token name is required').max(40),
  tokenSymbol: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,12}$/, 'Token symbol must be 1 to 12 letters or digits'),
  tokenPriceAud: decimal('Token price', 18, true),
  minPurchaseAud: decimal('Minimum purchase', 2, false),
  hardCapAud: decimal('Hard cap', 2, true),
  endsAt: z.string(),
  companyWallet: wallet,
  swapWallet: wallet,
  minConfirmations: whole('Confirmations', 1, 1000),
  quoteTtlMinutes: whole('Quote validity', 5, 1440),
  quoteGraceMinutes: whole('Grace period', QUOTE_GRACE_MINUTES.min, QUOTE_GRACE_MINUTES.max),
  rateMaxAgeMinutes: whole('Rate age limit', RATE_MAX_AGE_MINUTES.min, RATE_MAX_AGE_MINUTES.max),
  bankPaymentWindowHours: whole(
    'Payment window',
    BANK_PAYMENT_WINDOW_HOURS.min,
    BANK_PAYMENT_WINDOW_HOURS.max,
  ),
  holdDays: whole('Hold period', 0, 365),
  kycLimitAud: decimal('Limit without identity', 2, false),
  // Empty: no limit for verified accounts.
  kycVerifiedLimitAud: z.union([z.literal(''), decimal('Limit with verified identity', 2, true)]),
  whitePaperUrl: z
    .string()
    .trim()
    .max(2048)
    .refine((v) => v.startsWith('/') || /^https?:\/\/\S+$/.test(v), 'Use a path or an http(s) URL'),
  deliveryStatement: z
    .string()
    .trim()
    .max(DELIVERY_STATEMENT_MAX, `At most ${DELIVERY_STATEMENT_MAX} characters`),
});

type SettingsForm = z.input<typeof settingsSchema>;
type SettingsValues = z.output<typeof settingsSchema>;

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO (UTC) to the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const formValues = (s: AdminSettings): SettingsForm => ({
  tokenName: s.tokenName,
  tokenSymbol: s.tokenSymbol,
  tokenPriceAud: s.tokenPriceAud,
  minPurchaseAud: s.minPurchaseAud,
  hardCapAud: s.hardCapAud,
  endsAt: toLocalInput(s.endsAt),
  companyWallet: s.companyWallet,
  swapWallet: s.swapWallet,
  minConfirmations: String(s.minConfirmations),
  quoteTtlMinutes: String(s.quoteTtlMinutes),
  quoteGraceMinutes: String(s.quoteGraceMinutes),
  rateMaxAgeMinutes: String(s.rateMaxAgeMinutes),
  bankPaymentWindowHours: String(s.bankPaymentWindowHours),
  holdDays: String(s.holdDays),
  kycLimitAud: s.kycLimitAud,
  kycVerifiedLimitAud: s.kycVerifiedLimitAud ?? '',
  whitePaperUrl: s.whitePaperUrl,
  deliveryStatement: s.deliveryStatement,
});

const INTEGER_FIELDS = new Set([
  'minConfirmations',
  'quoteTtlMinutes',
  'quoteGraceMinutes',
  'rateMaxAgeMinutes',
  'bankPaymentWindowHours',
  'holdDays',
]);

/** Only the fields staff changed, in the server's types. */
function changeOf(values: SettingsValues, dirty: Partial<Record<keyof SettingsForm, boolean>>) {
  const change: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof SettingsValues)[]) {
    if (!dirty[key]) continue;
    const value = values[key];
    if (key === 'endsAt') change.endsAt = value ? new Date(value).toISOString() : null;
    else if (key === 'kycVerifiedLimitAud') change.kycVerifiedLimitAud = value || null;
    else change[key] = INTEGER_FIELDS.has(key) ? Number(value) : value;
  }
  return change as AdminSettingsChange;
}

function SettingsEditor({ settings }: { settings: AdminSettings }) {
  const update = useUpdateAdminSettings();
  const { form, onSubmit, field } = useApiForm({
    schema: settingsSchema,
    defaultValues: formValues(settings),
    errorsOnSubmit: false,
    submit: async (values, { formState, reset }) => {
      const { data, message } = await update.mutateAsync(changeOf(values, formState.dirtyFields));
      reset(formValues(data));
      return message || 'Settings saved';
    },
  });
  const { isDirty } = form.formState;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <section className="card grid gap-4 p-5 sm:grid-cols-2" aria-labelledby="settings-token">
        <h2 id="settings-token" className="text-xl sm:col-span-2">
          Token and limits
        </h2>
        <TextField label="Token name" {...field('tokenName')} />
        <TextField label="Token symbol" {...field('tokenSymbol')} />
        <TextField label="Token price (AUD)" inputMode="decimal" {...field('tokenPriceAud')} />
        <TextField
          label="Minimum purchase (AUD)"
          inputMode="decimal"
          {...field('minPurchaseAud')}
        />
        <TextField label="Hard cap (AUD)" inputMode="decimal" {...field('hardCapAud')} />
        <TextField
          label="Presale end date"
          type="datetime-local"
          hint="Your local time. Leave empty for no end date."
          {...field('endsAt')}
        />
      </section>

      <section className="card grid gap-4 p-5 sm:grid-cols-2" aria-labelledby="settings-crypto">
        <h2 id="settings-crypto" className="text-xl sm:col-span-2">
          Wallets and crypto
        </h2>
        <TextField
          label="Company wallet"
          className="font-mono text-sm"
          {...field('companyWallet')}
        />
        <TextField label="Swap wallet" className="font-mono text-sm" {...field('swapWallet')} />
        <TextField
          label="Confirmations"
          inputMode="numeric"
          hint="Blocks before a crypto payment counts (at least 12 on a real chain)."
          {...field('minConfirmations')}
        />
        <TextField
          label="Quote validity (minutes)"
          inputMode="numeric"
          hint="How long a quoted ETH or USDC amount holds."
          {...field('quoteTtlMinutes')}
        />
        <TextField
          label="Rate age limit (minutes)"
          inputMode="numeric"
          hint="How old the ETH and USDC rates may be and still price a crypto order; older, orders are refused until the rates are updated."
          {...field('rateMaxAgeMinutes')}
        />
        <p className="text-sm text-muted sm:col-span-2">
          Chain {settings.chainId} · USDC contract{' '}
          <code className="font-mono break-all">{settings.usdcAddress}</code>
        </p>
      </section>

      <section className="card grid gap-4 p-5 sm:grid-cols-2" aria-labelledby="settings-unpaid">
        <h2 id="settings-unpaid" className="text-xl sm:col-span-2">
          Unpaid orders
        </h2>
        <TextField
          label="Bank payment window (hours)"
          inputMode="numeric"
          hint="How long a new bank order waits for its receipt before it ends (Not Accepted). Orders already placed keep their deadline."
          {...field('bankPaymentWindowHours')}
        />
        <TextField
          label="Crypto grace period (minutes)"
          inputMode="numeric"
          hint="How long after its quote expires a crypto order stays open, keeping its exact amount, before it ends (Not Accepted)."
          {...field('quoteGraceMinutes')}
        />
      </section>

      <section className="card grid gap-4 p-5 sm:grid-cols-2" aria-labelledby="settings-limits">
        <h2 id="settings-limits" className="text-xl sm:col-span-2">
          Buying limits
        </h2>
        <TextField
          label="Limit without identity (AUD)"
          inputMode="decimal"
          hint="What one account may buy over the last 12 months (open and accepted orders) before it must verify its identity."
          {...field('kycLimitAud')}
        />
        <TextField
          label="Limit with verified identity (AUD)"
          inputMode="decimal"
          hint="The same once staff approved the account's identity. Leave empty for no limit."
          {...field('kycVerifiedLimitAud')}
        />
      </section>

      <section className="card grid gap-4 p-5 sm:grid-cols-2" aria-labelledby="settings-affiliates">
        <h2 id="settings-affiliates" className="text-xl sm:col-span-2">
          Affiliates and content
        </h2>
        <TextField
          label="Hold period (days)"
          inputMode="numeric"
          hint="Days before a commission is approved for payout."
          {...field('holdDays')}
        />
        <TextField label="White paper URL" {...field('whitePaperUrl')} />
        <TextArea
          label="Token delivery statement"
          rows={4}
          maxLength={DELIVERY_STATEMENT_MAX}
          containerClassName="sm:col-span-2"
          hint="What buyers read under My TMC and on their PDF receipts about how and when tokens are delivered. Keep it in line with the white paper and the purchase terms; empty goes back to the default."
          {...field('deliveryStatement')}
        />
      </section>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          Raised {formatMoney(settings.raisedAud, 'AUD')} · last saved{' '}
          {formatDateTime(settings.updatedAt)}
        </p>
        <div className="flex gap-2">
          <Button
            variant="ghost"
            disabled={!isDirty || update.isPending}
            onClick={() => form.reset(formValues(settings))}
          >
            Discard
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!isDirty}>
            Save settings
          </Button>
        </div>
      </div>
    </form>
  );
}

export function AdminSettingsForm() {
  const query = useAdminSettings();
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader title="Presale settings" />
      {query.isPending ? (
        <PageSpinner label="Loading settings" />
      ) : query.isError ? (
        <div className="card">
          <EmptyState
            icon={<AlertIcon className="text-danger" />}
            title="Could not load the settings"
            description={query.error.message}
            action={
              <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
                Try again
              </Button>
            }
          />
        </div>
      ) : (
        <SettingsEditor key={query.data.updatedAt} settings={query.data} />
      )}
    </div>
  );
}
