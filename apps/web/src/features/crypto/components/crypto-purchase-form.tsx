import { useId, useState, type ComponentType } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { Decimal } from 'decimal.js';
import {
  bankPurchaseFields,
  messages,
  ETH_SENDER_NOTE,
  type CryptoCurrency,
  type CryptoPurchaseInput,
  type Envelope,
  type PresaleConfig,
  type Transaction,
  type User,
} from '@tmc/shared';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { AlertIcon } from '../../../components/ui/icons';
import { TextArea } from '../../../components/ui/text-area';
import { toast } from '../../../components/ui/toast';
import { LinkNotice, linkedRefusal } from '../../../components/ui/link-notice';
import {
  UploadBox,
  type UploadBoxProps,
  type UploadedFile,
} from '../../../components/ui/upload-box';
import { paths } from '../../../config/paths';
import { formatAmount, formatMoney } from '../../../lib/format';
import { useAddCryptoPurchase } from '../api/add-crypto-purchase';
import { useAddGuestCryptoPurchase } from '../api/add-guest-crypto-purchase';
import { screenFigures } from '../../../lib/order-figures';
import {
  CryptoSuccessDialog,
  type FollowPaymentSlot,
  type PayWithWalletSlot,
  type VerifyPaymentProps,
} from './crypto-success-dialog';
import { useFocusFirstError } from '../../../lib/focus-first-error';
import type { TermsChoiceProps } from '../../../components/ui/terms';

/** What the Buy page hands over (spec section 3), defaults already applied (0, ETH). */
export interface CryptoOrder {
  price: string;
  currency: CryptoCurrency;
}

/** What a visitor adds in the checkout modal; `name` only for a new account. */
export interface GuestDetails {
  email: string;
  password: string;
  name?: string;
  referralCode?: string;
}

export type TermsDialogProps = TermsChoiceProps;

/** The visitor's 'Create new account' / 'Login to proceed' modal, shared with the bank flow. */
export interface GuestCheckoutProps {
  open: boolean;
  onClose: () => void;
  referralCode: string | null;
  TermsDialog: ComponentType<TermsDialogProps>;
  submitting: boolean;
  /** Rejects when the server refuses; the dialog shows why. */
  onSubmit: (details: GuestDetails) => Promise<void>;
}

const cryptoFormSchema = z.object({
  screenshot: z.custom<UploadedFile | null>(),
  userRemark: bankPurchaseFields.userRemark,
});

type CryptoFormInput = z.input<typeof cryptoFormSchema>;
type CryptoFormValues = z.output<typeof cryptoFormSchema>;

const emptyForm: CryptoFormInput = { screenshot: null, userRemark: '' };

const isPositive = (price: string) => {
  try {
    return new Decimal(price).gt(0);
  } catch {
    return false;
  }
};

/** Spec section 8: anything but 201 shows the server's message. */
function unlessCreated<T>(envelope: Envelope<T>): T | null {
  if (envelope.code === 201) return envelope.data;
  toast.error(envelope.message);
  return null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface CryptoPurchaseFormProps {
  order: CryptoOrder;
  user: User | null;
  referralCode: string | null;
  /** Units of each currency per 1 AUD; undefined while loading or after a failure. */
  rates: Record<string, string> | undefined;
  config: PresaleConfig | undefined;
  upload: UploadBoxProps['upload'];
  GuestCheckout: ComponentType<GuestCheckoutProps>;
  TermsDialog: ComponentType<TermsDialogProps>;
  VerifyPayment: ComponentType<VerifyPaymentProps>;
  /** 'Pay with wallet' for the placed order. */
  PayWithWallet?: PayWithWalletSlot;
  /** Follows the placed order's payment so the dialog learns when it arrives. */
  FollowPayment?: FollowPaymentSlot;
  /** The e-mail code entry shown on success to an account not verified yet. */
  VerifyEmail?: ComponentType<{ email: string }>;
}

export function CryptoPurchaseForm({
  order,
  user,
  referralCode,
  rates,
  config,
  upload,
  GuestCheckout,
  TermsDialog,
  VerifyPayment,
  PayWithWallet,
  FollowPayment,
  VerifyEmail,
}: CryptoPurchaseFormProps) {
  const ids = useId();
  const navigate = useNavigate();
  const addPurchase = useAddCryptoPurchase();
  const addGuestPurchase = useAddGuestCryptoPurchase();
  const [guestBody, setGuestBody] = useState<CryptoPurchaseInput | null>(null);
  // A buying limit the order would pass: said here with the way to raise it.
  const [limit, setLimit] = useState<{ message: string; link: string } | null>(null);
  const [placed, setPlaced] = useState<Transaction | null>(null);

  const { price, currency } = order;
  const figures = screenFigures(price, currency, rates, config?.tokenPriceAud);
  const tokenSymbol = config?.tokenSymbol ?? 'TMC';
  const hasAmount = isPositive(price);

  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, submitCount },
  } = useForm<CryptoFormInput, unknown, CryptoFormValues>({
    resolver: zodResolver(cryptoFormSchema),
    defaultValues: emptyForm,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const formRef = useFocusFirstError(submitCount, errors);

  function placedOrder(transaction: Transaction) {
    reset(emptyForm);
    setPlaced(transaction);
  }

  const onSubmit = handleSubmit(async (values) => {
    if (!hasAmount) {
      toast.error(messages.investmentAmount);
      return;
    }
    const body: CryptoPurchaseInput = {
      investmentAmount: price,
      currency,
      receiptUrl: values.screenshot?.url,
      receiptType: values.screenshot?.kind,
      userRemark: values.userRemark,
    };
    if (!user) {
      setGuestBody(body);
      return;
    }
    setLimit(null);
    try {
      const result = unlessCreated(await addPurchase.mutateAsync(body));
      if (result) placedOrder(result.transaction);
    } catch (error) {
      const refusal = linkedRefusal(error);
      if (refusal) return setLimit(refusal);
      toast.error(messageOf(error));
    }
  });

  // A refusal goes back to the dialog, which shows it at the field it concerns.
  async function submitAsGuest(details: GuestDetails) {
    if (!guestBody) return;
    setLimit(null);
    let result;
    try {
      result = unlessCreated(await addGuestPurchase.mutateAsync({ ...guestBody, ...details }));
    } catch (error) {
      const refusal = linkedRefusal(error);
      if (!refusal) throw error;
      setGuestBody(null);
      setLimit(refusal);
      return;
    }
    if (!result) return;
    setGuestBody(null);
    placedOrder(result.transaction);
  }

  const submitting = addPurchase.isPending || addGuestPurchase.isPending;

  return (
    <>
      <div className="flex flex-col gap-6">
        <section className="card flex flex-col gap-4 p-5 sm:p-6" aria-labelledby={`${ids}-amount`}>
          <h2 id={`${ids}-amount`} className="text-xl">
            Amount
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <p className="font-display text-4xl font-black break-all text-lime tabular-nums">
              {formatAmount(price, 18)} {currency}
            </p>
          </div>
          {hasAmount ? null : (
            <p className="flex items-start gap-2 text-sm">
              <AlertIcon className="mt-0.5 shrink-0 text-danger" />
              <span>
                No amount yet.{' '}
                <Link to={paths.buy} className="font-bold text-cyan underline underline-offset-4">
                  Enter one on the Buy page
                </Link>
                .
              </span>
            </p>
          )}
          <dl className="grid gap-3 rounded-2xl border-2 border-line bg-surface-2 p-4 text-sm sm:grid-cols-2">
            <div className="flex flex-col gap-0.5">
              <dt className="text-muted">Value in AUD</dt>
              <dd className="font-bold tabular-nums">
                {figures.aud ? formatMoney(figures.aud, 'AUD') : '-'}
              </dd>
            </div>
            <div className="flex flex-col gap-0.5">
              <dt className="text-muted">You will get</dt>
              <dd className="font-display text-xl font-black break-all text-lime tabular-nums">
                {figures.tokens ? formatMoney(figures.tokens, tokenSymbol) : '-'}
              </dd>
            </div>
          </dl>
          <p className="rounded-2xl border-2 border-cyan/60 bg-cyan/5 p-3 text-sm">
            We accept <strong>ETH</strong> and <strong>USDC</strong>. Do not send anything yet: the{' '}
            <strong>exact amount</strong> to send in {currency} is quoted when you place the order
            (this amount plus a few digits at the end that mark the payment as yours), together with
            the company wallet, its QR code and the time you have to pay.
          </p>
          {currency === 'USDC' && config?.usdcAddress ? (
            <p className="text-sm break-all text-muted">
              USDC contract: <code className="font-mono">{config.usdcAddress}</code>
            </p>
          ) : null}
        </section>

        <section className="card flex flex-col gap-4 p-5 sm:p-6" aria-labelledby={`${ids}-steps`}>
          <h2 id={`${ids}-steps`} className="text-xl">
            How to pay
          </h2>
          <ol className="flex list-decimal flex-col gap-2 pl-6 marker:font-black marker:text-lime">
            <li>Check the amount and currency above, then submit your request below.</li>
            <li>
              Send exactly the amount due shown after you submit, every digit of it, in {currency}{' '}
              to the company wallet before the quote expires: copy the amount and the address, or
              scan the QR code.
              {currency === 'ETH' ? ` ${ETH_SENDER_NOTE}` : null}
            </li>
            <li>
              We detect a transfer of the exact amount by itself: there is nothing else to do. The
              transaction hash is only needed if you sent a different amount, or if the payment does
              not show on your order within a few minutes: then verify it with the hash, right after
              submitting or later from Transactions.
            </li>
            <li>Once verified, your presale request is accepted and your tokens are allocated.</li>
          </ol>
          <p className="text-sm text-muted">
            Pay after you submit: a transfer sent before your request cannot be matched
            automatically.
          </p>
        </section>

        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          aria-labelledby={`${ids}-request`}
          aria-busy={submitting || undefined}
          className="card flex flex-col gap-4 p-5 sm:p-6"
        >
          <h2 id={`${ids}-request`} className="text-xl">
            Your request
          </h2>
          <Controller
            control={control}
            name="screenshot"
            render={({ field }) => (
              <UploadBox
                label="Screenshot (optional but recommended)"
                accept="image-or-pdf"
                upload={upload}
                value={field.value ?? null}
                onChange={field.onChange}
                hint="You pay after submitting, so there is usually nothing to upload yet: your payment is detected by itself. If you already have a screenshot that helps our team, e.g. of your wallet's send screen, add it here."
              />
            )}
          />
          <TextArea
            label="User Remark"
            hint="Optional."
            maxLength={1000}
            error={errors.userRemark?.message}
            {...register('userRemark')}
          />
          {limit ? (
            <LinkNotice message={limit.message} to={limit.link} linkLabel="Verify your identity" />
          ) : null}
          <Button type="submit" size="lg" loading={submitting} className="sm:self-end">
            Submit
          </Button>
        </form>
      </div>

      <GuestCheckout
        open={guestBody !== null}
        onClose={() => setGuestBody(null)}
        referralCode={referralCode}
        TermsDialog={TermsDialog}
        submitting={addGuestPurchase.isPending}
        onSubmit={submitAsGuest}
      />
      <CryptoSuccessDialog
        key={placed?._id}
        transaction={placed}
        config={config}
        VerifyPayment={VerifyPayment}
        PayWithWallet={PayWithWallet}
        FollowPayment={FollowPayment}
        onWalletVerified={(message) => toast.success(message)}
        onVerified={(message) => {
          toast.success(message);
          void navigate(paths.presaleRequests);
        }}
        onVerifyLater={() => void navigate(paths.transaction)}
        onClose={() => void navigate(-1)}
        verifyEmail={
          VerifyEmail && user && !user.emailVerified ? <VerifyEmail email={user.email} /> : null
        }
      />
    </>
  );
}
