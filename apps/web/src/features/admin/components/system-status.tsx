import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SystemLevel, SystemStatus } from '@tmc/shared';
import { LoadError } from '../../../components/ui/empty-state';
import { AlertIcon } from '../../../components/ui/icons';
import { ListHeader } from '../../../components/ui/list-toolbar';
import { PageSpinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useSystemStatus } from '../api/get-system-status';

const levelText: Record<SystemLevel, string> = { ok: 'OK', amber: 'Amber', red: 'Red' };
const levelClasses: Record<SystemLevel, string> = {
  ok: 'border-success text-success',
  amber: 'border-amber text-amber',
  red: 'border-danger bg-danger/15 text-danger',
};

export function LevelBadge({ level }: { level: SystemLevel }) {
  return (
    <span
      data-level={level}
      className={cn(
        'inline-flex items-center rounded-full border-2 px-2.5 py-0.5 text-xs font-black tracking-wide uppercase',
        levelClasses[level],
      )}
    >
      {levelText[level]}
    </span>
  );
}

/** "45 s", "12 min", "3 h", "2 d": how long ago, at a glance. */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return 'never';
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} d`;
}

function Part({
  id,
  title,
  level,
  children,
}: {
  id: string;
  title: string;
  level: SystemLevel;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      data-part={id}
      className={cn(
        'card flex min-w-0 flex-col gap-3 p-5',
        level === 'red' && 'border-danger',
        level === 'amber' && 'border-amber',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-xl">
          {title}
        </h2>
        <LevelBadge level={level} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 font-bold break-words tabular-nums">{children}</dd>
    </>
  );
}

const orDash = (v: ReactNode) => (v === null || v === undefined ? '—' : v);

function Parts({ data }: { data: SystemStatus }) {
  const { watcher, chain, mail, database, listeners, rates, thresholds } = data;
  const ahead = watcher.aheadBlocks !== null && watcher.aheadBlocks !== '0';
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Part id="system-watcher" title="Payment watcher" level={watcher.status}>
        <Row label="Running">
          {watcher.enabled ? `every ${watcher.intervalSeconds} s` : 'off (interval 0)'}
        </Row>
        <Row label="Next block">{orDash(watcher.nextBlock)}</Row>
        {ahead ? (
          <Row label="Beyond the head">
            <span className="text-danger">
              {watcher.aheadBlocks} {watcher.aheadBlocks === '1' ? 'block' : 'blocks'}
            </span>
            <span className="font-normal text-muted">
              {' '}
              (it waits for blocks this chain has not made, so no payment is read: a reset chain, a
              replaced node or another network?)
            </span>
          </Row>
        ) : null}
        <Row label="Lag">
          <span className={cn(!chain.reachable && 'text-muted')}>
            {watcher.lagBlocks === null ? '—' : `${watcher.lagBlocks} blocks`}
          </span>
          <span className="font-normal text-muted">
            {' '}
            {chain.reachable
              ? `(amber over ${thresholds.watcherLagBlocks.amber}, red over ${thresholds.watcherLagBlocks.red})`
              : '(from the last head read: the chain RPC is down)'}
          </span>
        </Row>
        <Row label="Last success">
          {watcher.lastSuccessAt
            ? `${formatDateTime(watcher.lastSuccessAt)} (${formatAge(watcher.lastSuccessAgeSeconds)} ago)`
            : 'never'}
        </Row>
        <Row label="Leader copy">{watcher.leader ?? 'none holds the lease'}</Row>
      </Part>
      <Part id="system-chain" title="Chain RPC" level={chain.status}>
        <Row label="Reachable">{chain.reachable ? 'yes' : 'no'}</Row>
        <Row label="Chain id">{chain.chainId}</Row>
        <Row label="Head block">{orDash(chain.headBlock)}</Row>
        <Row label="Head block age">
          {chain.headBlockAgeSeconds === null ? '—' : formatAge(chain.headBlockAgeSeconds)}
        </Row>
      </Part>
      <Part id="system-mail" title="Mail queue" level={mail.status}>
        <Row label="Waiting">{orDash(mail.queueDepth)}</Row>
        <Row label="Oldest waiting">
          {mail.oldestAgeSeconds === null
            ? '—'
            : mail.queueDepth
              ? formatAge(mail.oldestAgeSeconds)
              : 'queue empty'}
        </Row>
        <Row label="Failing, retried">{orDash(mail.retrying)}</Row>
        <Row label="Given up (24 h)">{orDash(mail.givenUpToday)}</Row>
      </Part>
      <Part
        id="system-database"
        title="Database and listeners"
        level={
          database.status === 'red' ? 'red' : listeners.status === 'red' ? 'red' : database.status
        }
      >
        <Row label="Database">
          {database.reachable ? 'reachable' : 'not reachable'} ({database.kind})
        </Row>
        <Row label="Pool">
          {database.poolInUse} in use, {database.poolWaiting} waiting
        </Row>
        {listeners.connections.map((c) => (
          <Row key={c.channel} label={`Listener ${c.channel}`}>
            {c.up ? 'up' : 'down'}
          </Row>
        ))}
      </Part>
      <Part id="system-rates" title="Crypto rates" level={rates.status}>
        {rates.coins.map((coin) => (
          <Row key={coin.code} label={`${coin.code} rate age`}>
            {coin.updatedAt
              ? `${formatAge(coin.ageSeconds)} (set ${formatDateTime(coin.updatedAt)})`
              : 'never set'}
          </Row>
        ))}
        <Row label="Limit">
          {rates.maxAgeSeconds === null ? '—' : formatAge(rates.maxAgeSeconds)}
          <span className="font-normal text-muted">
            {' '}
            (older: crypto orders are refused until staff update the rates)
          </span>
        </Row>
      </Part>
      {data.delivery ? <DeliveryPart delivery={data.delivery} /> : null}
    </div>
  );
}

const holdLabels = {
  no_proven_wallet: 'Held: no proven wallet',
  no_delivery_wallet: 'Held: no delivery wallet chosen',
} as const;

function DeliveryPart({ delivery }: { delivery: NonNullable<SystemStatus['delivery']> }) {
  const tmc = (value: string | null) => (value === null ? '—' : formatMoney(value, 'TMC'));
  return (
    <Part id="system-delivery" title="Token delivery" level={delivery.status}>
      <Row label="Claimed">{tmc(delivery.claimed)}</Row>
      <Row label="Published">{tmc(delivery.published)}</Row>
      <Row label="Unclaimed">{tmc(delivery.unclaimed)}</Row>
      {delivery.held.map((hold) => (
        <Row key={hold.reason} label={holdLabels[hold.reason]}>
          {tmc(hold.tokens)}{' '}
          <span className="font-normal text-muted">
            ({hold.buyers} {hold.buyers === 1 ? 'buyer' : 'buyers'})
          </span>
        </Row>
      ))}
      <Row label="Funding shortfall">
        {delivery.fundingShortfall === null
          ? 'unknown (the token balance could not be read)'
          : tmc(delivery.fundingShortfall)}
      </Row>
      <Row label="Reader lag">
        {delivery.readerLagBlocks === null ? '—' : `${delivery.readerLagBlocks} blocks`}
      </Row>
    </Part>
  );
}

export function SystemStatusPage() {
  const { data, isPending, isError, error, refetch, isFetching } = useSystemStatus();
  let body: ReactNode;
  if (isPending) body = <PageSpinner label="Checking the system" />;
  else if (isError)
    body = <LoadError title="Could not check the system" error={error} onRetry={refetch} />;
  else
    body = (
      <div className="flex flex-col gap-4">
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted" role="status">
          Overall <LevelBadge level={data.status} /> · checked {formatDateTime(data.checkedAt)} ·
          version {data.version} · Node {data.nodeVersion} · up {formatAge(data.uptimeSeconds)}
        </p>
        <Parts data={data} />
      </div>
    );
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <ListHeader title="System" refreshing={isFetching} onRefresh={() => void refetch()} />
      {body}
    </div>
  );
}

/** On the dashboard: says so when a part of the system is red, and leads to the System page. */
export function SystemRedBanner({ systemPath }: { systemPath: string }) {
  const { data } = useSystemStatus();
  if (data?.status !== 'red') return null;
  const red = [
    data.watcher.status === 'red' && 'payment watcher',
    data.chain.status === 'red' && 'chain RPC',
    data.mail.status === 'red' && 'mail queue',
    data.database.status === 'red' && 'database',
    data.listeners.status === 'red' && 'listeners',
    data.rates.status === 'red' && 'crypto rates',
    data.delivery?.status === 'red' && 'token delivery',
  ].filter(Boolean);
  return (
    <div
      role="alert"
      className="card flex flex-wrap items-center gap-3 border-danger bg-danger/15 p-4"
    >
      <AlertIcon className="text-danger" />
      <p className="min-w-0 flex-1 font-bold">Needs attention: {red.join(', ')}.</p>
      <Link to={systemPath} className="font-black text-fg underline">
        Open the System page
      </Link>
    </div>
  );
}
