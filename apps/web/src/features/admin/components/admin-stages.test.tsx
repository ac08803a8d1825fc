import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminStage } from '@tmc/shared';
import type { MockHandler } from '../../../testing/mock-api';
import { renderStaffScreen, withStaffSession } from '../../../testing/staff';
import { AdminStages } from './admin-stages';
import { StageSales } from './stage-sales';

const active: AdminStage = {
  id: 's-1',
  name: 'Stage 1',
  priceAud: '0.01',
  tokenCap: '1000000.00',
  sold: '50000.00',
  reserved: '850000.00',
  left: '100000.00',
  unsold: '0.00',
  startsAt: '2025-03-01T00:00:00.000Z',
  endsAt: null,
  state: 'active',
  closeReason: null,
  remark: null,
  closedAt: null,
  openOrders: 2,
};

const scheduled: AdminStage = {
  ...active,
  id: 's-2',
  name: 'Stage 2',
  priceAud: '0.02',
  sold: '0.00',
  reserved: '0.00',
  left: '1000000.00',
  state: 'scheduled',
  openOrders: 0,
};

const CLOSE = `POST /v1/admin/stages/${active.id}/close`;
const EDIT = `PATCH /v1/admin/stages/${scheduled.id}`;

const renderStages = (handlers: Record<string, MockHandler> = {}) =>
  renderStaffScreen(<AdminStages />, {
    'GET /v1/admin/stages': { data: [active, scheduled] },
    ...handlers,
  });

withStaffSession();

describe('Stages', () => {
  it('lists each stage with its price, cap, sold, reserved, left and state', async () => {
    renderStages();
    const table = await screen.findByRole('table', { name: 'Presale stages' });
    const row = within(table).getByText('Stage 1').closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual([
      '0.01 AUD',
      '1,000,000.00',
      '50,000.00',
      '850,000.002 open orders',
      '100,000.00',
      '0.00',
    ]);
    expect(within(row).getByText('active')).toBeInTheDocument();
    // Only a scheduled stage can be edited.
    expect(within(row).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    const next = within(table).getByText('Stage 2').closest('tr') as HTMLElement;
    expect(within(next).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('closes a stage with a remark after saying how many open orders keep its price', async () => {
    const { api, user } = renderStages({
      [CLOSE]: {
        data: { stage: { ...active, state: 'closed' }, openOrders: 2 },
        message: 'Stage closed: 2 open orders keep its price',
      },
    });
    const table = await screen.findByRole('table', { name: 'Presale stages' });
    const row = within(table).getByText('Stage 1').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Close now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close Stage 1 now?' });
    expect(within(dialog).getByText(/2 open orders will keep 0.01 AUD/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close stage' }));
    expect(within(dialog).getByText('remark is required')).toBeInTheDocument();
    expect(api.bodies(CLOSE)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Remark/), 'Moving to the next price');
    await user.click(within(dialog).getByRole('button', { name: 'Close stage' }));
    expect(
      await screen.findByText('Stage closed: 2 open orders keep its price'),
    ).toBeInTheDocument();
    expect(api.bodies(CLOSE)).toEqual([{ remark: 'Moving to the next price' }]);
  });

  it('edits a scheduled stage and shows a refused field at the field', async () => {
    const { api, user } = renderStages({
      [EDIT]: {
        status: 400,
        message: 'priceAud must be more than 0',
        errors: { priceAud: 'priceAud must be more than 0' },
      },
    });
    const table = await screen.findByRole('table', { name: 'Presale stages' });
    const row = within(table).getByText('Stage 2').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Stage 2' });
    const price = within(dialog).getByLabelText(/Price/);
    expect(price).toHaveValue('0.02');
    await user.clear(price);
    await user.type(price, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('priceAud must be more than 0')).toBeInTheDocument();
    expect(api.bodies(EDIT)).toHaveLength(1);
    expect(api.bodies(EDIT)[0]).toMatchObject({
      name: 'Stage 2',
      priceAud: '0',
      tokenCap: '1000000',
    });
  });

  it('the dashboard shows the tokens sold per stage', async () => {
    renderStaffScreen(<StageSales />, { 'GET /v1/admin/stages': { data: [active, scheduled] } });
    const table = await screen.findByRole('table', { name: 'Tokens sold per stage' });
    const row = within(table).getByRole('rowheader', { name: 'Stage 1' }).closest('tr')!;
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0.01 AUD', '50,000.00', '850,000.00', '1,000,000.00', 'active']);
  });
});
