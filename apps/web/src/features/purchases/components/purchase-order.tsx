import { useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  isAwaitingPayment,
  isPaymentWindowClosed,
  PaymentMode,
  PurchaseStatus,
  purchaseMessages,
  type Bank,
  type PurchaseDetail,
} from '@tmc/shared';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { EmptyState } from '../../../components/ui/empty-state';
import { AlertIcon } from '../../../components/ui/icons';
import { ResultModal } from '../../../components/ui/result-modal';
import { PageSpinner } from '../../../components/ui/spinner';
import { PurchaseStatusBadge } from '../../../components/ui/status-badges';
import { toast } from '../../../components/ui/toast';
import type { UploadBoxProps } from '../../../components/ui/upload-box';
import { paths, profileWalletPath } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatAmount, formatDateTime, formatMoney, formatTokenPrice } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { Dialog } from '../../../components/ui/dialog';
import { PaymentStatusNote } from '../../../components/ui/payment-status-note';
import { useTimeLeft } from '../../../lib/use-time-left';
import { useCancelPurchase } from '../api/cancel-purchase';
import { downloadReceiptPdf } from '../api/download-receipt-pdf';
import { usePurchase } from '../api/get-purchase';
import { orderSteps } from '../order-steps';
import { BankPaymentPanel } from './bank-payment-panel';
import { FileCell, FilePreviewDialog, type FilePreview } from './file-cell';
import { OrderDeliveryNote } from './order-delivery-note';
import { OrderRefunds } from './order-refunds';
import { LatePaymentNote, LateReceiptUpload } from './late-payment';
import { OrderTimeline } from './order-timeline';

const RECEIPT_ATTACHED = 'Receipt attached: our team will review your payment.';

export interface PurchaseOrderProps {
  id: string;
  BankDetails: ComponentType<{ bank: Bank }>;
  upload: UploadBoxProps['upload'];
  /** A Pending crypto order's payment step (wallet, amount due, Verify), composed by the route. */
  cryptoPayment: (detail: PurchaseDetail) => ReactNode;
  /** Shown above the next step, e.g. the e-mail code entry of an account not verified yet. */
  notice?: ReactNode;
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-bold tracking-wide text-muted uppercase">{label}</dt>
      <dd
        className={
          strong
            ? 'font-display text-2xl font-black wrap-anywhere text-lime tabular-nums'
            : 'font-semibold wrap-anywhere tabular-nums'
        }
      >
        {value}
      </dd>
    </div>
  );
}

const linkClass = 'rounded font-bold text-cyan underline underline-offset-4 hover:text-lime';

/** One presale request: reference, amounts, timeline, the buyer's next step, documents and remarks. */
/** Where the tokens go: the order's wallet, else the saved one, else a pointer to the profile. */
function DeliveryWallet({ wallet }: { wallet: string | null }) {
  if (!wallet)
    return (
      <p className="text-sm text-muted">
        No wallet is saved yet for your tokens.{' '}
        <Link to={profileWalletPath} className={linkClass}>
          Add your wallet in your profile
        </Link>
        .
      </p>
    );
  return (
    <p className="text-sm text-muted">
      Tokens go to <code className="font-mono break-all text-fg">{wallet}</code>.
    </p>
  );
}

/** Cancel an unpaid order, after a confirmation. */
function CancelOrder({ purchaseId, reference }: { purchaseId: string; reference: string }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelPurchase(purchaseId);
  async function confirm() {
    try {
      const answer = await cancel.mutateAsync();
      toast.success(answer.message);
      setOpen(false);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }
  return (
    <>
      <Button variant="ghost" className="self-start" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Cancel this order?"
        description={`Order ${reference} becomes Not Accepted. Do not pay for it afterwards.`}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              Keep order
            </Button>
            <Button variant="danger" onClick={() => void confirm()} loading={cancel.isPending}>
              Cancel order
            </Button>
          </>
        }
      />
    </>
  );
}

/**
 * A partially paid order: what arrived and what is missing, then, until the quote ends, how to
 * send the rest (the payment panel asks for what is missing).
 */
function PartiallyPaid({
  detail,
  cryptoPayment,
}: {
  detail: PurchaseDetail;
  cryptoPayment: (detail: PurchaseDetail) => ReactNode;
}) {
  const left = useTimeLeft(detail.payment.dueBy ?? '');
  return (
    <>
      <PaymentStatusNote payment={detail.payment} />
      {left && !left.ended ? cryptoPayment(detail) : null}
    </>
  );
}

export function PurchaseOrder({
  id,
  BankDetails,
  upload,
  cryptoPayment,
  notice,
}: PurchaseOrderProps) {
  const query = usePurchase(id);
  const { user } = useSession();
  const [preview, setPreview] = useState<FilePreview | null>(null);
  const [attached, setAttached] = useState(false);
  const [downloading, setDownloading] = useState(false);

  if (query.isPending) return <PageSpinner label="Loading the presale request…" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="card">
        <EmptyState
          icon={<AlertIcon className="text-danger" />}
          title={missing ? 'Presale request not found' : 'Could not load this presale request'}
          description={missing ? undefined : query.error.message}
          action={
            <Link to={paths.presaleRequests} className={linkClass}>
              Back to Presale Requests
            </Link>
          }
        />
      </div>
    );
  }

  const detail = query.data;
  const { purchase, tokenSymbol } = detail;
  const crypto = purchase.paymentMode === PaymentMode.Crypto;
  const awaiting = isAwaitingPayment(purchase);
  const pending = purchase.status === PurchaseStatus.Pending;
  const accepted = purchase.status === PurchaseStatus.Accepted;

  async function download() {
    setDownloading(true);
    try {
      await downloadReceiptPdf(purchase._id, purchase.reference);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(false);
    }
  }

  const { payment } = detail;
  const cancellable =
    pending &&
    !purchase.receiptUrl &&
    (payment.state === 'awaitingPayment' || payment.state === 'expired');
  const cancelButton = cancellable ? (
    <CancelOrder purchaseId={purchase._id} reference={purchase.reference} />
  ) : null;

  // Ended for want of a receipt (or its window just closed): a receipt now is a late payment.
  const lapsed =
    isPaymentWindowClosed(purchase) ||
    (!crypto &&
      purchase.status === PurchaseStatus.NotAccepted &&
      !purchase.receiptUrl &&
      purchase.remark === purchaseMessages.bankOrderLapsed);

  let nextStep: ReactNode;
  if (lapsed) {
    nextStep = <LateReceiptUpload purchase={purchase} upload={upload} />;
  } else if (purchase.lateReceiptAt && purchase.status === PurchaseStatus.NotAccepted) {
    nextStep = <LatePaymentNote lateReceiptAt={purchase.lateReceiptAt} offer={detail.lateOffer} />;
  } else if (awaiting) {
    nextStep = (
      <BankPaymentPanel
        purchase={purchase}
        bankAccount={detail.bankAccount}
        BankDetails={BankDetails}
        upload={upload}
        tokenSymbol={tokenSymbol}
        headingLevel={3}
        onReceiptAttached={() => setAttached(true)}
      />
    );
  } else if (crypto && pending && payment.state === 'awaitingPayment') {
    nextStep = cryptoPayment(detail);
  } else if (crypto && pending && payment.state === 'partiallyPaid') {
    nextStep = <PartiallyPaid detail={detail} cryptoPayment={cryptoPayment} />;
  } else if (pending) {
    nextStep = <PaymentStatusNote payment={payment} newOrderHref={paths.buy} />;
  } else if (accepted) {
    nextStep = (
      <div className="card flex flex-col gap-4 p-5 sm:p-6">
        {crypto ? <PaymentStatusNote payment={payment} tokenSymbol={tokenSymbol} /> : null}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p>
            Your {formatMoney(purchase.tokenAmount, tokenSymbol)} are allocated. Keep the receipt
            for your records.
          </p>
          <Button onClick={() => void download()} loading={downloading}>
            Download PDF receipt
          </Button>
        </div>
        {detail.delivery ? (
          <OrderDeliveryNote
            delivery={detail.delivery}
            tokens={purchase.tokenAmount}
            tokenSymbol={tokenSymbol}
          />
        ) : null}
      </div>
    );
  } else if (payment.state === 'received' || payment.state === 'refunded') {
    nextStep = <PaymentStatusNote payment={payment} newOrderHref={paths.buy} />;
  } else {
    nextStep = (
      <>
        <PaymentStatusNote payment={payment} newOrderHref={paths.buy} />
        <p className="card p-5 sm:p-6">
          Questions about this request? Contact support by replying to the e-mail we sent you,
          quoting your reference <strong className="font-mono">{purchase.reference}</strong>.
        </p>
      </>
    );
  }

  const files = [
    { label: 'Bank Receipt', url: purchase.receiptUrl, type: purchase.receiptType },
    { label: 'Document Id Front', url: purchase.documentUrl, type: purchase.documentType },
    { label: 'Document Id Back', url: purchase.documentUrlBack, type: purchase.documentType },
    { label: 'Billing Doc', url: purchase.billingDoc, type: purchase.billingDocType },
  ].filter((file) => file.url);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        <Link to={paths.presaleRequests} className={`${linkClass} self-start text-sm`}>
          ← Presale Requests
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl wrap-anywhere sm:text-4xl">
            Presale request <span className="font-mono">{purchase.reference}</span>
          </h1>
          <CopyButton value={purchase.reference} iconOnly ariaLabel="Copy payment reference" />
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
          <PurchaseStatusBadge
            status={purchase.status}
            awaitingPayment={awaiting}
            partiallyPaid={payment.state === 'partiallyPaid'}
          />
          <span>
            {crypto ? 'Crypto wallet' : 'Bank transfer'} · requested{' '}
            {formatDateTime(purchase.createdAt)}
          </span>
        </div>
      </header>

      <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          {/* What to do, and the live payment status, come first: on a phone the first screen. */}
          <section aria-labelledby="order-next" className="flex flex-col gap-4">
            <h2 id="order-next" className="text-xl">
              Next step
            </h2>
            {notice}
            <div aria-live="polite" className="flex flex-col gap-4">
              {nextStep}
            </div>
            {cancelButton}
          </section>
          <section aria-labelledby="order-amounts" className="card flex flex-col gap-4 p-5 sm:p-6">
            <h2 id="order-amounts" className="text-xl">
              Amounts
            </h2>
            <dl className="grid gap-4 sm:grid-cols-3">
              <Figure
                label="Tokens"
                value={formatMoney(purchase.tokenAmount, tokenSymbol)}
                strong
              />
              <Figure label="Amount (AUD)" value={formatMoney(purchase.investmentAmount, 'AUD')} />
              {/* An order in AUD has one amount: not shown twice. */}
              {purchase.userCurrency === 'AUD' ? null : (
                <Figure
                  label={`Amount (${purchase.userCurrency})`}
                  value={
                    crypto && detail.transaction
                      ? `${formatAmount(detail.transaction.price, 18)} ${detail.transaction.tokenSymbol}`
                      : formatMoney(purchase.userAmount, purchase.userCurrency)
                  }
                />
              )}
              {/* Less than quoted arrived (partially paid, or credited by value): both figures. */}
              {crypto && detail.transaction?.received && detail.transaction.missing ? (
                <Figure
                  label={`Received (${detail.transaction.tokenSymbol})`}
                  value={`${detail.transaction.received} ${detail.transaction.tokenSymbol}`}
                />
              ) : null}
              <Figure
                label="Price paid"
                value={`${formatTokenPrice(purchase.tokenPriceAud)} per ${tokenSymbol}`}
              />
              {purchase.stageName ? (
                <Figure label="Presale stage" value={purchase.stageName} />
              ) : null}
            </dl>
            <DeliveryWallet wallet={purchase.wallet ?? user?.walletAddress ?? null} />
          </section>
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="order-timeline" className="card flex flex-col gap-4 p-5 sm:p-6">
            <h2 id="order-timeline" className="text-xl">
              Status
            </h2>
            <OrderTimeline
              steps={orderSteps(purchase, tokenSymbol, payment, detail.cancelledByBuyer)}
            />
          </section>

          <OrderRefunds
            purchaseId={purchase._id}
            refunds={detail.refunds}
            canRequest={
              accepted ||
              (!crypto &&
                !!purchase.receiptUrl &&
                (purchase.status === PurchaseStatus.Rejected ||
                  purchase.status === PurchaseStatus.NotAccepted))
            }
          />

          <section
            aria-labelledby="order-documents"
            className="card flex flex-col gap-3 p-5 sm:p-6"
          >
            <h2 id="order-documents" className="text-xl">
              Documents
            </h2>
            {files.length ? (
              <ul className="flex flex-col gap-3">
                {files.map((file) => (
                  <li key={file.label} className="flex items-center justify-between gap-3">
                    <span className="text-sm font-bold text-muted">{file.label}</span>
                    <FileCell
                      url={file.url}
                      type={file.type}
                      label={file.label}
                      onPreview={setPreview}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">No documents yet.</p>
            )}
          </section>

          <section aria-labelledby="order-remarks" className="card flex flex-col gap-3 p-5 sm:p-6">
            <h2 id="order-remarks" className="text-xl">
              Remarks
            </h2>
            <dl className="flex flex-col gap-3 text-sm">
              <div>
                <dt className="font-bold text-muted">Your remark</dt>
                <dd className="break-words">{purchase.userRemark || '--'}</dd>
              </div>
              <div>
                <dt className="font-bold text-muted">Our team&rsquo;s remark</dt>
                <dd className="break-words">{purchase.remark || '--'}</dd>
              </div>
            </dl>
          </section>
        </div>
      </div>

      <FilePreviewDialog preview={preview} onClose={() => setPreview(null)} />
      <ResultModal
        open={attached}
        kind="success"
        message={RECEIPT_ATTACHED}
        onClose={() => setAttached(false)}
      />
    </div>
  );
}
