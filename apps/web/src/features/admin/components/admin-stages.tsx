import { useState, type FormEvent, type ReactNode } from 'react';
import { STAGE_NAME_MAX, STAGE_REMARK_MAX, type AdminStage } from '@tmc/shared';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/empty-state';
import { ListHeader } from '../../../components/ui/list-toolbar';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast';
import { formatAmount, formatDateTime, formatTokenPrice } from '../../../lib/format';
import { useAdminStages } from '../api/get-admin-stages';
import { useCloseAdminStage, useSaveAdminStage, type StageBody } from '../api/save-admin-stage';
import { FormDialog } from './form-dialog';

const stateTone: Record<AdminStage['state'], BadgeTone> = {
  scheduled: 'cyan',
  active: 'success',
  closed: 'muted',
};

const closeReasonText: Record<NonNullable<AdminStage['closeReason']>, string> = {
  sold_out: 'sold out',
  time: 'end time',
  staff: 'by staff',
};

const tokens = (value: string) => formatAmount(value, 2, 2);

const headers = ['Stage', 'Price', 'Cap', 'Sold', 'Reserved', 'Left', 'Unsold', 'State', ''];

/** Staff console "Stages": the table, add and edit scheduled stages, close one now. */
export function AdminStages() {
  const query = useAdminStages();
  const [editing, setEditing] = useState<{ stage: AdminStage | null } | null>(null);
  const [closing, setClosing] = useState<AdminStage | null>(null);

  let body: ReactNode;
  if (query.isPending) body = <PageSpinner label="Loading the stages" />;
  else if (query.isError)
    body = (
      <LoadError
        title="Could not load the stages"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else
    body = (
      <div className="card overflow-x-auto" tabIndex={0} role="region" aria-label="Presale stages">
        <table className="w-full min-w-[880px] text-sm tabular-nums">
          <caption className="sr-only">Presale stages</caption>
          <thead className="bg-surface-2">
            <tr>
              {headers.map((header, index) => (
                <th
                  key={header || index}
                  scope="col"
                  className="px-4 py-3 text-left text-xs font-black tracking-wider text-muted uppercase"
                >
                  {header || <span className="sr-only">Actions</span>}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.data.map((stage) => (
              <tr key={stage.id} className="border-t border-line/70 align-top">
                <th scope="row" className="px-4 py-2.5 text-left">
                  <span className="block font-bold">{stage.name}</span>
                  <span className="block text-xs text-muted">
                    {formatDateTime(stage.startsAt)}
                    {stage.endsAt ? ` to ${formatDateTime(stage.endsAt)}` : ''}
                  </span>
                </th>
                <td className="px-4 py-2.5 whitespace-nowrap">
                  {formatTokenPrice(stage.priceAud)}
                </td>
                <td className="px-4 py-2.5">{tokens(stage.tokenCap)}</td>
                <td className="px-4 py-2.5">{tokens(stage.sold)}</td>
                <td className="px-4 py-2.5">
                  {tokens(stage.reserved)}
                  {stage.openOrders > 0 ? (
                    <span className="block text-xs text-muted">
                      {stage.openOrders} open order{stage.openOrders === 1 ? '' : 's'}
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-2.5">{tokens(stage.left)}</td>
                <td className="px-4 py-2.5">{tokens(stage.unsold)}</td>
                <td className="px-4 py-2.5">
                  <Badge tone={stateTone[stage.state]}>{stage.state}</Badge>
                  {stage.closeReason ? (
                    <span className="block text-xs text-muted">
                      {closeReasonText[stage.closeReason]}
                      {stage.remark ? `: ${stage.remark}` : ''}
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-2.5">
                  <div className="flex flex-wrap gap-2">
                    {stage.state === 'scheduled' ? (
                      <Button size="sm" variant="secondary" onClick={() => setEditing({ stage })}>
                        Edit
                      </Button>
                    ) : null}
                    {stage.state !== 'closed' ? (
                      <Button size="sm" variant="ghost" onClick={() => setClosing(stage)}>
                        Close now
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
            {query.data.length === 0 ? (
              <tr>
                <td colSpan={headers.length} className="px-4 py-6 text-center text-muted">
                  No stages yet: add the first one to start selling.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    );

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader
        title="Stages"
        count={query.data?.length}
        refreshing={query.isFetching}
        onRefresh={() => void query.refetch()}
        actions={<Button onClick={() => setEditing({ stage: null })}>Add stage</Button>}
      />
      <p className="text-sm text-muted">
        One stage sells at a time. A stage closes when what is left is below the minimum purchase,
        at its end time, or when you close it; the next scheduled stage whose start has come then
        opens. Only scheduled stages can be edited. Buyers see the current price only.
      </p>
      {body}
      {editing ? <StageFormDialog stage={editing.stage} onClose={() => setEditing(null)} /> : null}
      {closing ? <CloseStageDialog stage={closing} onClose={() => setClosing(null)} /> : null}
    </div>
  );
}

/** The value of a datetime-local input for an ISO time, in the browser's time zone. */
function localInput(iso: string | null | undefined) {
  if (!iso) return '';
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);

function StageFormDialog({ stage, onClose }: { stage: AdminStage | null; onClose: () => void }) {
  const save = useSaveAdminStage();
  const [values, setValues] = useState({
    name: stage?.name ?? '',
    priceAud: stage?.priceAud ?? '',
    tokenCap: stage ? stage.tokenCap.replace(/\.00$/, '') : '',
    startsAt: localInput(stage?.startsAt ?? new Date().toISOString()),
    endsAt: localInput(stage?.endsAt),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const startsAt = isoOf(values.startsAt);
    if (!startsAt) {
      setErrors({ startsAt: 'startsAt must be an ISO date and time' });
      return;
    }
    const body: StageBody = {
      name: values.name.trim(),
      priceAud: values.priceAud.trim(),
      tokenCap: values.tokenCap.trim(),
      startsAt,
      endsAt: isoOf(values.endsAt),
    };
    try {
      const { message } = await save.mutateAsync({ stageId: stage?.id ?? null, body });
      toast.success(message || 'Stage saved');
      onClose();
    } catch (error) {
      setErrors((error as { errors?: Record<string, string> }).errors ?? {});
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <FormDialog
      title={stage ? `Edit ${stage.name}` : 'Add stage'}
      busy={save.isPending}
      submitLabel={stage ? 'Save changes' : 'Add stage'}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <TextField
        label="Name"
        required
        maxLength={STAGE_NAME_MAX}
        value={values.name}
        onChange={set('name')}
        error={errors.name}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price (AUD per token)"
          required
          inputMode="decimal"
          value={values.priceAud}
          onChange={set('priceAud')}
          error={errors.priceAud}
        />
        <TextField
          label="Token cap"
          required
          inputMode="decimal"
          value={values.tokenCap}
          onChange={set('tokenCap')}
          error={errors.tokenCap}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Starts"
          type="datetime-local"
          required
          value={values.startsAt}
          onChange={set('startsAt')}
          error={errors.startsAt}
        />
        <TextField
          label="Ends (optional)"
          type="datetime-local"
          value={values.endsAt}
          onChange={set('endsAt')}
          error={errors.endsAt}
        />
      </div>
      <p className="text-sm text-muted">The price and cap are fixed once the stage opens.</p>
    </FormDialog>
  );
}

function CloseStageDialog({ stage, onClose }: { stage: AdminStage; onClose: () => void }) {
  const close = useCloseAdminStage();
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!remark.trim()) {
      setError('remark is required');
      return;
    }
    try {
      const { message } = await close.mutateAsync({ stageId: stage.id, remark: remark.trim() });
      toast.success(message || 'Stage closed');
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }

  return (
    <FormDialog
      title={`Close ${stage.name} now?`}
      busy={close.isPending}
      submitLabel={'Close stage'}
      submitVariant="danger"
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <p className="text-sm">
        {stage.openOrders} open order{stage.openOrders === 1 ? '' : 's'} will keep{' '}
        {formatTokenPrice(stage.priceAud)}. What is left ({tokens(stage.left)}) is never sold, and a
        closed stage never reopens.
      </p>
      <TextArea
        label="Remark"
        required
        maxLength={STAGE_REMARK_MAX}
        value={remark}
        onChange={(event) => setRemark(event.target.value)}
        error={error}
      />
    </FormDialog>
  );
}
