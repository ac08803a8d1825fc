import type { ReactNode } from 'react';
import { PaymentMode, type PurchaseReview } from '@tmc/shared';
import { Badge } from '../../../components/ui/badge';
import { ExplorerLink, HashLink } from '../../../components/ui/explorer-link';
import { CopyButton } from '../../../components/ui/copy-button';
import { AlertIcon } from '../../../components/ui/icons';
import { PaymentStatusBadge, PurchaseStatusBadge } from '../../../components/ui/status-badges';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { DocumentLink } from './document-link';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-black tracking-widest text-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function Address({ value }: { value: string | null | undefined }) {
  if (!value) return <span className="text-muted">--</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <ExplorerLink kind="address" value={value}>
        <code className="font-mono break-all" title={value}>
          {value}
        </code>
      </ExplorerLink>
      <CopyButton value={value} iconOnly ariaLabel="Copy address" />
    </span>
  );
}

/** Sender against the buyer's registered wallet: the check staff asked to see. */
export function SenderMatch({ matches }: { matches: boolean | null }) {
  if (matches === null) return <Badge tone="muted">No registered wallet</Badge>;
  return matches ? (
    <Badge tone="success">Matches registered wallet</Badge>
  ) : (
    <Badge tone="warning">
      <AlertIcon /> Not the registered wallet
    </Badge>
  );
}

export function FraudSignals({ signals }: { signals: PurchaseReview['fraudSignals'] }) {
  if (signals.length === 0) return <p className="text-sm text-muted">None found.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {signals.map((signal) => (
        <li
          key={`${signal.code}-${signal.message}`}
          className="flex items-start gap-2 rounded-xl border-2 border-danger bg-danger/15 p-2.5 text-sm"
        >
          <AlertIcon className="mt-0.5 shrink-0 text-danger" aria-hidden="true" />
          <span>
            <span className="sr-only">Warning: </span>
            {signal.message}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Everything staff need to decide on one presale request. */
export function ReviewDetails({ review }: { review: PurchaseReview }) {
  const { transaction } = review;
  const crypto = review.paymentMode === PaymentMode.Crypto;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <PurchaseStatusBadge status={review.status} />
        <Badge tone={crypto ? 'pink' : 'cyan'}>{crypto ? 'Crypto' : 'Bank'}</Badge>
        {review.fraudSignals.length > 0 ? (
          <Badge tone="warning">
            <AlertIcon /> {review.fraudSignals.length} fraud signal
            {review.fraudSignals.length === 1 ? '' : 's'}
          </Badge>
        ) : null}
      </div>

      <div className="grid gap-5 md:grid-cols-2">
        <Section title="Request">
          <dl className="flex flex-col gap-1.5">
            <Row label="Reference">
              <code className="font-mono font-bold text-lime">{review.reference}</code>
            </Row>
            <Row label="Requested on">{formatDateTime(review.createdAt)}</Row>
            {review.paymentDueAt ? (
              <Row label="Payment due by">{formatDateTime(review.paymentDueAt)}</Row>
            ) : null}
            <Row label="Investment">{formatMoney(review.investmentAmount, 'AUD')}</Row>
            <Row label="User currency">{formatMoney(review.userAmount, review.userCurrency)}</Row>
            <Row label="Tokens">{formatMoney(review.tokenAmount, 'TMC')}</Row>
            <Row label="Priced">
              on {formatDateTime(review.pricedAt)} at {review.tokenPriceAud} AUD per token
            </Row>
            <Row label="Price now">
              {review.currentTokenPriceAud} AUD per token{' '}
              {/* Both come in the server's plain decimal form: equal values are equal strings. */}
              {review.currentTokenPriceAud === review.tokenPriceAud ? null : (
                <Badge tone="warning">Changed since the order</Badge>
              )}
            </Row>
            {review.confirmationDueAt ? (
              <Row label="Confirm money by">
                {formatDateTime(review.confirmationDueAt)}
                <span className="block text-xs text-muted">
                  Not confirmed by then, the order ends (Not Accepted).
                </span>
              </Row>
            ) : null}
            <Row label="Bank">{review.bank?.bankName ?? '--'}</Row>
            <Row label="Wallet">
              <Address value={review.wallet} />
            </Row>
            {review.reviewedBy ? (
              <Row label="Reviewed">
                {review.reviewedBy.email}, {formatDateTime(review.reviewedAt)}
              </Row>
            ) : null}
          </dl>
        </Section>

        <Section title="Buyer">
          <dl className="flex flex-col gap-1.5">
            <Row label="Name">{review.user.name}</Row>
            <Row label="Email">
              {review.user.email}{' '}
              {review.user.emailVerified ? null : <Badge tone="pink">Unverified</Badge>}
            </Row>
            <Row label="Registered wallet">
              <Address value={review.user.walletAddress} />
            </Row>
            <Row label="Affiliate">
              {review.affiliate ? (
                <>
                  {review.affiliate.email}{' '}
                  {review.affiliate.isInfluencer ? <Badge tone="lime">Influencer</Badge> : null}
                </>
              ) : (
                <span className="text-muted">None</span>
              )}
            </Row>
            {review.introducer ? <Row label="Introduced by">{review.introducer.email}</Row> : null}
          </dl>
        </Section>
      </div>

      {transaction ? (
        <Section title={crypto ? 'Crypto verification' : 'Payment'}>
          <dl className="flex flex-col gap-1.5">
            <Row label="Status">
              <PaymentStatusBadge status={transaction.paymentStatus} />
            </Row>
            <Row label="Amount">
              {formatMoney(
                transaction.price,
                crypto ? transaction.tokenSymbol : transaction.currency,
              )}
            </Row>
            {crypto ? (
              <>
                <Row label="Transaction hash">
                  {transaction.txnHash ? (
                    <HashLink kind="tx" value={transaction.txnHash} copyLabel="Copy hash" />
                  ) : (
                    <span className="text-muted">Not verified yet</span>
                  )}
                </Row>
                <Row label="Sender">
                  <Address value={transaction.fromAddress} />
                </Row>
                {transaction.fromAddress ? (
                  <Row label="Sender check">
                    <SenderMatch matches={transaction.senderMatchesWallet} />
                  </Row>
                ) : null}
                {transaction.received ? (
                  <Row label="Received">
                    {transaction.received} {transaction.tokenSymbol}
                  </Row>
                ) : null}
                {/* Less than quoted: still missing while open (partially paid), else the shortfall. */}
                {transaction.missing ? (
                  <Row label={transaction.paymentStatus === 0 ? 'Missing' : 'Short'}>
                    {transaction.missing} {transaction.tokenSymbol}
                    {transaction.paymentStatus === 0 ? (
                      <>
                        {' '}
                        <Badge tone="cyan">Partially paid</Badge>
                      </>
                    ) : null}
                  </Row>
                ) : null}
                {transaction.creditOverride ? (
                  <Row label="Credit override">
                    <Badge tone="warning">Credited in full</Badge> {transaction.creditOverride}
                  </Row>
                ) : null}
                <Row label="Verified on">{formatDateTime(transaction.verifiedAt)}</Row>
              </>
            ) : null}
          </dl>
        </Section>
      ) : null}

      <Section title="Fraud signals">
        <FraudSignals signals={review.fraudSignals} />
      </Section>

      <Section title="Documents">
        <div className="grid gap-2 sm:grid-cols-2">
          <DocumentLink
            label={crypto ? 'Screenshot' : 'Bank Receipt'}
            url={review.receiptUrl}
            type={review.receiptType}
          />
          <DocumentLink
            label="Document Id Front"
            url={review.documentUrl}
            type={review.documentType}
          />
          <DocumentLink
            label="Document Id Back"
            url={review.documentUrlBack}
            type={review.documentType}
          />
          <DocumentLink label="Billing Doc" url={review.billingDoc} type={review.billingDocType} />
        </div>
      </Section>

      <Section title="Remarks">
        <dl className="flex flex-col gap-1.5">
          <Row label="User remark">
            {review.userRemark || <span className="text-muted">--</span>}
          </Row>
          <Row label="Admin remark">{review.remark || <span className="text-muted">--</span>}</Row>
        </dl>
      </Section>
    </div>
  );
}
