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
