import { useEffect, useId, useState, type ComponentType } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  bankPurchaseFields,
  messages,
  type Bank,
  type BankOrderInput,
  type Purchase,
  type User,
} from '@tmc/shared';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { AlertIcon } from '../../../components/ui/icons';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { LinkNotice, linkedRefusal } from '../../../components/ui/link-notice';
import {
  UploadBox,
  type UploadBoxProps,
  type UploadedFile,
} from '../../../components/ui/upload-box';
import { presaleRequestPath } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useAddBankOrder } from '../api/add-bank-order';
import { useAddGuestBankOrder } from '../api/add-guest-bank-order';
import type { BankRouteState } from '../route-state';
import {
  GuestCheckoutDialog,
  type GuestDetails,
  type TermsDialogProps,
} from './guest-checkout-dialog';
import { DocumentsNote } from './documents-note';
import { clearOnUserFocus, useFocusFirstError } from '../../../lib/focus-first-error';

/** The pre-order screen has no reference yet, so it shows no account to pay into. */
const BANK_DETAILS_AFTER_ORDER =
  'the account details and your payment reference are shown once the order is placed. Write the reference on your transfer, then upload the receipt on the order page.';

/** One documentType covers both sides of the identity document (API.md). */
const DOCUMENT_KINDS_DIFFER = 'Document Id Front and Back must both be images or both be pdf';

const file = z.custom<UploadedFile | null>();

const bankFormSchema = z
  .object({
    bankId: bankPurchaseFields.bankId,
    wallet: bankPurchaseFields.wallet,
    documentFront: file,
    documentBack: file,
    billingDoc: file,
    userRemark: bankPurchaseFields.userRemark,
  })
  .refine(
    ({ documentFront, documentBack }) =>
      !documentFront || !documentBack || documentFront.kind === documentBack.kind,
    { path: ['documentBack'], message: DOCUMENT_KINDS_DIFFER },
  );

type BankFormInput = z.input<typeof bankFormSchema>;
type BankFormValues = z.output<typeof bankFormSchema>;

function emptyForm(bankId: string, wallet: string): BankFormInput {
  return {
    bankId,
    wallet,
    documentFront: null,
    documentBack: null,
    billingDoc: null,
    userRemark: '',
  };
}

/** One key per visit of the checkout: a retried order creation answers the order already made. */
const newRequestId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : undefined;

/** The order's POST body (API.md "Purchases"); a wallet the account already has is not sent again. */
function orderBody(
  values: BankFormValues,
  order: BankRouteState,
  sendWallet: boolean,
  requestId: string | undefined,
): BankOrderInput {
  const document = values.documentFront ?? values.documentBack;
  return {
    investmentAmount: order.convertedAmount,
    currency: 'AUD',
    userCurrency: order.userCurrency,
    userAmount: order.price,
    requestId,
    bankId: values.bankId,
    wallet: sendWallet ? values.wallet : undefined,
    documentUrl: values.documentFront?.url,
    documentUrlBack: values.documentBack?.url,
    documentType: document?.kind,
    billingDoc: values.billingDoc?.url,
    billingDocType: values.billingDoc?.kind,
    userRemark: values.userRemark,
  };
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

export interface BankPurchaseFormProps {
  order: BankRouteState;
  user: User | null;
  referralCode: string | null;
  /** Bank accounts for `currency`; undefined while loading. */
  banks: readonly Bank[] | undefined;
  banksLoading: boolean;
  banksError: string | null;
  currency: string;
  currencies: readonly string[];
  onCurrencyChange: (currency: string) => void;
  TermsDialog: ComponentType<TermsDialogProps>;
  upload: UploadBoxProps['upload'];
  tokenSymbol: string;
}

export function BankPurchaseForm({
  order,
  user,
  referralCode,
  banks,
  banksLoading,
  banksError,
  currency,
  currencies,
  onCurrencyChange,
  TermsDialog,
  upload,
  tokenSymbol,
}: BankPurchaseFormProps) {
  const navigate = useNavigate();
  const headingId = useId();
  const addOrder = useAddBankOrder();
  const addGuestOrder = useAddGuestBankOrder();
  const [requestId] = useState(newRequestId);
  const [guestBody, setGuestBody] = useState<BankOrderInput | null>(null);
  // A buying limit the order would pass: said here with the way to raise it.
  const [limit, setLimit] = useState<{ message: string; link: string } | null>(null);
  const knownWallet = user?.walletAddress ?? null;
  const onlyBank = banks?.length === 1 ? banks[0] : undefined;

  const {
    control,
    register,
    handleSubmit,
    clearErrors,
    setValue,
    getValues,
    formState: { errors, submitCount },
  } = useForm<BankFormInput, unknown, BankFormValues>({
    resolver: zodResolver(bankFormSchema),
    defaultValues: emptyForm('', knownWallet ?? ''),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const formRef = useFocusFirstError(submitCount, errors);

  const bankId = useWatch({ control, name: 'bankId' });
  const selectedBank = banks?.find((bank) => bank._id === bankId);

  // A single bank is chosen for the buyer; a bank that is no longer offered is dropped.
  useEffect(() => {
    if (!banks) return;
    const current = getValues('bankId');
    if (onlyBank && current !== onlyBank._id) {
      setValue('bankId', onlyBank._id);
      clearErrors('bankId');
    } else if (current && !banks.some((bank) => bank._id === current)) {
      setValue('bankId', '');
    }
  }, [banks, onlyBank, getValues, setValue, clearErrors]);

  // Signing in (e.g. in another tab) may bring a wallet with it.
  useEffect(() => {
    if (knownWallet) setValue('wallet', knownWallet);
  }, [knownWallet, setValue]);

  // The payment step is the order's own page: a reload or Back shows that order, never this
  // form again (whose Continue would place a second one).
  function placedOrder(purchase: Purchase) {
    void navigate(presaleRequestPath(purchase._id), { replace: true });
  }

  const onSubmit = handleSubmit(async (values) => {
    const body = orderBody(values, order, !knownWallet, requestId);
    if (!user) {
      setGuestBody(body);
      return;
    }
    setLimit(null);
    try {
      const { data } = await addOrder.mutateAsync(body);
      placedOrder(data.purchase);
    } catch (error) {
      const refusal = linkedRefusal(error);
      if (refusal) return setLimit(refusal);
      toast.error(
        error instanceof ApiError && error.status === 401
          ? messages.notLoggedIn
          : failureMessage(error),
      );
    }
  });

  // A refusal goes back to the dialog, which shows it at the field it concerns.
  async function submitAsGuest(details: GuestDetails) {
    if (!guestBody) return;
    setLimit(null);
    try {
      const { data } = await addGuestOrder.mutateAsync({ ...guestBody, ...details });
      setGuestBody(null);
      placedOrder(data.purchase);
    } catch (error) {
      const refusal = linkedRefusal(error);
      if (!refusal) throw error;
      setGuestBody(null);
      setLimit(refusal);
    }
  }

  const uploadField = (
    name: 'documentFront' | 'documentBack' | 'billingDoc',
    label: string,
    props: Pick<UploadBoxProps, 'accept' | 'hint' | 'required'>,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <UploadBox
          label={label}
          upload={upload}
          value={field.value ?? null}
          onChange={(value) => {
            field.onChange(value);
            clearErrors(name);
          }}
          error={errors[name]?.message}
          {...props}
        />
      )}
    />
  );

  const submitting = addOrder.isPending || addGuestOrder.isPending;
  return (
    <>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="flex flex-col gap-6"
        aria-busy={submitting || undefined}
      >
        <section
          className="card flex flex-col gap-3 p-5 sm:p-6"
          aria-labelledby={`${headingId}-amount`}
        >
          <h2 id={`${headingId}-amount`} className="text-xl">
            1. Your order
          </h2>
          <p className="font-display text-3xl font-black wrap-anywhere text-lime tabular-nums">
            {formatMoney(order.convertedAmount, 'AUD')}
          </p>
          <p className="text-sm text-muted">
            {order.userCurrency === 'AUD' ? null : (
              <>
                For {formatMoney(order.price, order.userCurrency)}, converted to AUD at
                today&rsquo;s rate.{' '}
              </>
            )}
            {order.tokens ? (
              <>
                You will get{' '}
                <strong className="text-fg">{formatMoney(order.tokens, tokenSymbol)}</strong>.
              </>
            ) : null}
          </p>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-bold">Currency</legend>
            <div className="flex gap-2">
              {currencies.map((code) => (
                <Button
                  key={code}
                  size="sm"
                  variant={code === currency ? 'primary' : 'secondary'}
                  aria-pressed={code === currency}
                  onClick={() => onCurrencyChange(code)}
                >
                  {code}
                </Button>
              ))}
            </div>
          </fieldset>

          {banksLoading ? (
            <p className="flex items-center gap-2 text-muted">
              <Spinner /> Loading banks…
            </p>
          ) : banksError ? (
            <p role="alert" className="flex items-center gap-2 text-danger">
              <AlertIcon /> {banksError}
            </p>
          ) : (
            <Select
              label="Bank"
              required
              placeholder="Select a bank"
              options={(banks ?? []).map((bank) => ({ value: bank._id, label: bank.bankName }))}
              // A long name is cut short in the closed box: the whole of it is here and below.
              title={selectedBank?.bankName}
              hint={selectedBank ? `You pay into ${selectedBank.bankName}.` : undefined}
              error={errors.bankId?.message}
              {...register('bankId', { onChange: () => clearErrors('bankId') })}
            />
          )}

          <p className="rounded-2xl border-2 border-cyan/60 bg-cyan/5 p-3 text-sm">
            <strong className="text-cyan">Before you pay:</strong> {BANK_DETAILS_AFTER_ORDER}
          </p>
        </section>

        <section
          className="card flex flex-col gap-4 p-5 sm:p-6"
          aria-labelledby={`${headingId}-optional`}
        >
          <h2 id={`${headingId}-optional`} className="text-xl">
            2. Optional details
          </h2>
          <TextField
            label="Wallet"
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
            hint={
              knownWallet
                ? 'The wallet saved on your account.'
                : "Your Ethereum wallet address for this order's tokens. It is not saved to your account: save a wallet on your account page to use it for every order."
            }
            error={errors.wallet?.message}
            announceError
            {...register('wallet')}
            onFocus={clearOnUserFocus(() => clearErrors('wallet'))}
            disabled={!!knownWallet}
          />
          <DocumentsNote />
          <div className="grid gap-4 md:grid-cols-2">
            {uploadField('documentFront', 'Document Id Front', {
              accept: 'image-or-pdf',
              hint: 'Optional: the front of your ID document.',
            })}
            {uploadField('documentBack', 'Document Id Back', {
              accept: 'image-or-pdf',
              hint: 'Optional: the back of your ID document.',
            })}
          </div>
          {uploadField('billingDoc', 'Billing Document (AML)', {
            accept: 'pdf',
            hint: 'Optional: a recent bill or bank statement, PDF only.',
          })}
          <TextArea
            label="User Remark"
            maxLength={1000}
            error={errors.userRemark?.message}
            {...register('userRemark')}
          />
        </section>

        {limit ? (
          <LinkNotice message={limit.message} to={limit.link} linkLabel="Verify your identity" />
        ) : null}
        <Button type="submit" size="lg" loading={submitting} className="sm:self-end">
          Continue to bank transfer
        </Button>
      </form>

      <GuestCheckoutDialog
        open={guestBody !== null}
        onClose={() => setGuestBody(null)}
        referralCode={referralCode}
        TermsDialog={TermsDialog}
        submitting={addGuestOrder.isPending}
        onSubmit={submitAsGuest}
      />
    </>
  );
}
