import { useState, type FormEvent } from 'react';
import {
  identityMessages,
  identityStateLabel,
  type IdentityState,
  type IdentityStatus,
} from '@tmc/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import {
  UploadBox,
  type UploadBoxProps,
  type UploadedFile,
} from '../../../components/ui/upload-box';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useIdentity } from '../api/get-identity';
import { useSubmitIdentity } from '../api/submit-identity';

const stateTone: Record<IdentityState, BadgeTone> = {
  none: 'muted',
  pending: 'cyan',
  approved: 'success',
  rejected: 'danger',
};

const limitText = (limit: string | null) =>
  limit === null ? 'No limit' : `${formatMoney(limit, 'AUD')} in 12 months`;

function Figures({ status }: { status: IdentityStatus }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <dt className="text-sm text-muted">Your buying limit</dt>
        <dd className="font-display text-2xl font-black tabular-nums">
          {limitText(status.limitAud)}
        </dd>
      </div>
      <div className="flex flex-col gap-1">
        <dt className="text-sm text-muted">Bought in the last 12 months</dt>
        <dd className="font-display text-2xl font-black tabular-nums">
          {formatMoney(status.usedAud, 'AUD')}
        </dd>
      </div>
    </dl>
  );
}

function StateNote({ status }: { status: IdentityStatus }) {
  if (status.state === 'pending')
    return (
      <p>
        Our team is reviewing the documents you sent
        {status.submittedAt ? ` on ${formatDateTime(status.submittedAt)}` : ''}. We e-mail you the
        decision.
      </p>
    );
  if (status.state === 'approved')
    return (
      <p>
        Your identity is verified
        {status.decidedAt ? ` (${formatDateTime(status.decidedAt)})` : ''}: you do not need to send
        anything again.
      </p>
    );
  if (status.state === 'rejected')
    return (
      <div role="alert" className="flex flex-col gap-1 rounded-2xl border-2 border-danger p-4">
        <p className="font-bold">We could not verify your identity from the documents you sent.</p>
        {status.reason ? <p className="break-words">Why: {status.reason}</p> : null}
        <p className="text-sm text-muted">
          Your limit stays as it was. You can send new documents below.
        </p>
      </div>
    );
  return (
    <p>
      You can buy up to your limit without sending any documents. To buy more
      {status.verifiedLimitAud === null
        ? ''
        : ` (up to ${formatMoney(status.verifiedLimitAud, 'AUD')} in 12 months)`}
      , verify your identity: send an ID document and a selfie holding it, or a second document.
    </p>
  );
}

/** The two documents and "Send for review"; the server's field errors show at their box. */
function IdentityForm({ upload }: { upload: UploadBoxProps['upload'] }) {
  const [document, setDocument] = useState<UploadedFile | null>(null);
  const [second, setSecond] = useState<UploadedFile | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useSubmitIdentity();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!document) missing.documentUrl = identityMessages.documentRequired;
    if (!second) missing.secondDocumentUrl = identityMessages.secondDocumentRequired;
    setErrors(missing);
    if (!document || !second) return;
    try {
      const { message } = await submit.mutateAsync({
        documentUrl: document.url,
        secondDocumentUrl: second.url,
      });
      toast.success(message || identityMessages.submitted);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0)
        setErrors(error.errors);
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5" noValidate>
      <div className="grid gap-5 md:grid-cols-2">
        <UploadBox
          label="ID document"
          accept="image-or-pdf"
          required
          upload={upload}
          value={document}
          onChange={(file) => {
            setDocument(file);
            setErrors(({ documentUrl: _gone, ...rest }) => rest);
          }}
          error={errors.documentUrl ?? null}
          hint="Passport, driver licence or national ID card, all four corners visible."
          disabled={submit.isPending}
        />
        <UploadBox
          label="Selfie or second document"
          accept="image-or-pdf"
          required
          upload={upload}
          value={second}
          onChange={(file) => {
            setSecond(file);
            setErrors(({ secondDocumentUrl: _gone, ...rest }) => rest);
          }}
          error={errors.secondDocumentUrl ?? null}
          hint="A photo of you holding the same ID, or a second document with your name."
          disabled={submit.isPending}
        />
      </div>
      <Button type="submit" loading={submit.isPending} className="self-start">
        Send for review
      </Button>
    </form>
  );
}

/**
 * "Identity": how much the account may buy in 12 months, what it bought, and the documents that
 * raise the limit (sent once; again only after a rejection).
 */
export function IdentityPage({ upload }: { upload: UploadBoxProps['upload'] }) {
  const query = useIdentity();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl sm:text-4xl">Identity</h1>
      {query.isPending ? (
        <PageSpinner label="Loading your identity check…" />
      ) : query.isError ? (
        <LoadError
          title="Could not load your identity check"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : (
        <>
          <section aria-label="Buying limit" className="card flex flex-col gap-5 p-5 sm:p-7">
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="text-2xl">Buying limit</h2>
              <Badge tone={stateTone[query.data.state]}>
                {identityStateLabel[query.data.state]}
              </Badge>
            </div>
            <Figures status={query.data} />
            <StateNote status={query.data} />
          </section>
          {query.data.state === 'none' || query.data.state === 'rejected' ? (
            <section
              aria-label="Verify your identity"
              className="card flex flex-col gap-4 p-5 sm:p-7"
            >
              <h2 className="text-2xl">Verify your identity</h2>
              <p className="text-sm text-muted">
                Images (JPG, PNG, WebP) or PDF, up to 10 MB each. Only our team can open them.
              </p>
              <IdentityForm upload={upload} />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
