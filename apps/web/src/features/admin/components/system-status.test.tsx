import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SystemStatus } from '@tmc/shared';
import { clearSession, setSession } from '../../../lib/session';
import { tokensFixture, userFixture } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderRoutes } from '../../../testing/render';
import { SystemRedBanner, SystemStatusPage } from './system-status';

const limits = { amber: 1, red: 2 };
const status: SystemStatus = {
  status: 'red',
  checkedAt: '2026-11-27T12:00:00.000Z',
  version: 'test',
  nodeVersion: 'v20.0.0',
  uptimeSeconds: 60,
  watcher: {
    status: 'ok',
    enabled: true,
    intervalSeconds: 15,
    nextBlock: '10',
    lagBlocks: '0',
    aheadBlocks: '0',
    lastSuccessAt: '2026-11-27T11:59:50.000Z',
    lastSuccessAgeSeconds: 10,
    leader: null,
    leaseUntil: null,
  },
  chain: { status: 'ok', chainId: 1, reachable: true, headBlock: '9', headBlockAgeSeconds: 5 },
  mail: { status: 'ok', queueDepth: 0, oldestAgeSeconds: 0, retrying: 0, givenUpToday: 0 },
  database: { status: 'ok', kind: 'pglite', reachable: true, poolInUse: 0, poolWaiting: 0 },
  listeners: { status: 'ok', connections: [] },
  rates: {
    status: 'red',
    maxAgeSeconds: 1800,
    coins: [
      { code: 'ETH', updatedAt: '2026-11-27T11:20:00.000Z', ageSeconds: 2400 },
      { code: 'USDC', updatedAt: null, ageSeconds: null },
    ],
  },
  delivery: null,
  thresholds: {
    watcherSilence: {
      amberIntervals: 4,
      redIntervals: 20,
      amberMinSeconds: 60,
      redMinSeconds: 300,
    },
    watcherLagBlocks: limits,
    watcherAheadBlocks: { red: 0 },
    headBlockAgeSeconds: limits,
    mailQueueDepth: limits,
    mailOldestAgeSeconds: limits,
  },
};

afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

describe('System page: crypto rates', () => {
  it("shows each crypto rate's age against the limit, and the banner names them when red", async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    mockApi({ 'GET /v1/admin/system': { data: status } });
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <SystemRedBanner systemPath="/admin/system" />
            <SystemStatusPage />
          </>
        ),
      },
    ]);

    const part = (await screen.findByRole('heading', { name: 'Crypto rates' })).closest('section')!;
    expect(within(part).getByText('ETH rate age').nextSibling).toHaveTextContent(/^40 min \(set /);
    expect(within(part).getByText('USDC rate age').nextSibling).toHaveTextContent('never set');
    expect(within(part).getByText('Limit').nextSibling).toHaveTextContent(/^30 min/);
    expect(within(part).getByText('Red')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Needs attention: crypto rates.');
  });
});

describe('System page: token delivery', () => {
  it('shows claimed, unclaimed, held by reason, the funding shortfall and the reader lag', async () => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    mockApi({
      'GET /v1/admin/system': {
        data: {
          ...status,
          delivery: {
            status: 'amber',
            claimed: '5000.000000000000000000',
            published: '7500.000000000000000000',
            unclaimed: '2500.000000000000000000',
            held: [
              { reason: 'no_proven_wallet', buyers: 1, tokens: '1000.000000000000000000' },
              { reason: 'no_delivery_wallet', buyers: 2, tokens: '500.000000000000000000' },
            ],
            fundingShortfall: '700.000000000000000000',
            readerLagBlocks: '3',
          },
        },
      },
    });
    renderRoutes([{ path: '/', element: <SystemStatusPage /> }]);

    const part = (await screen.findByRole('heading', { name: 'Token delivery' })).closest(
      'section',
    )!;
    const value = (label: string) => within(part).getByText(label).nextSibling;
    expect(value('Claimed')).toHaveTextContent(/^5,000(\.0+)? TMC$/);
    expect(value('Unclaimed')).toHaveTextContent(/^2,500(\.0+)? TMC$/);
    expect(value('Held: no proven wallet')).toHaveTextContent(/^1,000(\.0+)? TMC \(1 buyer\)$/);
    expect(value('Held: no delivery wallet chosen')).toHaveTextContent(
      /^500(\.0+)? TMC \(2 buyers\)$/,
    );
    expect(value('Funding shortfall')).toHaveTextContent(/^700(\.0+)? TMC$/);
    expect(value('Reader lag')).toHaveTextContent('3 blocks');
    expect(within(part).getByText('Amber')).toBeInTheDocument();
  });
});

describe('System page: payment watcher (m12)', () => {
  const render = (data: SystemStatus) => {
    setSession({ user: { ...userFixture, role: 'admin' }, tokens: tokensFixture() });
    mockApi({ 'GET /v1/admin/system': { data } });
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <SystemRedBanner systemPath="/admin/system" />
            <SystemStatusPage />
          </>
        ),
      },
    ]);
  };
  const watcherPart = async () =>
    (await screen.findByRole('heading', { name: 'Payment watcher' })).closest('section')!;

  it('says the watcher waits beyond the head, in red, and the banner names it', async () => {
    render({
      ...status,
      watcher: { ...status.watcher, status: 'red', nextBlock: '35', aheadBlocks: '23' },
      chain: { ...status.chain, headBlock: '11' },
    });
    const part = await watcherPart();
    expect(within(part).getByText('Beyond the head').nextSibling).toHaveTextContent(
      '23 blocks (it waits for blocks this chain has not made, so no payment is read: a reset chain, a replaced node or another network?)',
    );
    expect(within(part).getByText('Red')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Needs attention: payment watcher, crypto rates.',
    );
  });

  it('says nothing of it when the watcher is not beyond the head', async () => {
    render(status);
    const part = await watcherPart();
    expect(within(part).queryByText('Beyond the head')).toBeNull();
    expect(within(part).getByText('Lag').nextSibling).toHaveTextContent(
      '0 blocks (amber over 1, red over 2)',
    );
  });

  it('marks the lag as read from the last head while the chain RPC is down', async () => {
    render({
      ...status,
      watcher: { ...status.watcher, lagBlocks: '2' },
      chain: { ...status.chain, status: 'red', reachable: false, headBlock: null },
    });
    const part = await watcherPart();
    const lag = within(part).getByText('Lag').nextSibling as HTMLElement;
    expect(lag).toHaveTextContent('2 blocks (from the last head read: the chain RPC is down)');
    expect(within(lag).getByText('2 blocks')).toHaveClass('text-muted');
  });
});
