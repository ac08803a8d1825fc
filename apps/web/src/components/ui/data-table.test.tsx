import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPhoneWidth } from '../../testing/render';
import { DataTable, type Column } from './data-table';

interface Row {
  id: string;
  email: string;
}

const columns: Column<Row>[] = [{ id: 'email', header: 'Referred To', cell: (row) => row.email }];

function renderTable(props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  const onPageChange = vi.fn();
  const onLimitChange = vi.fn();
  render(
    <DataTable<Row>
      caption="Affiliates"
      columns={columns}
      rows={[{ id: '1', email: 'a@example.com' }]}
      getRowId={(row) => row.id}
      page={2}
      limit={10}
      totalResults={35}
      onPageChange={onPageChange}
      onLimitChange={onLimitChange}
      {...props}
    />,
  );
  return { onPageChange, onLimitChange };
}

describe('DataTable', () => {
  it('shows rows and pages on the server', () => {
    const { onPageChange, onLimitChange } = renderTable();
    const table = screen.getByRole('table', { name: 'Affiliates' });
    expect(within(table).getByRole('columnheader', { name: 'Referred To' })).toBeInTheDocument();
    expect(within(table).getByText('a@example.com')).toBeInTheDocument();
    expect(screen.getByText('11–20 of 35')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 4')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);

    const pageSize = screen.getByLabelText('Rows per page');
    expect(
      within(pageSize)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '15', '20', '25', '30']);
    fireEvent.change(pageSize, { target: { value: '25' } });
    expect(onLimitChange).toHaveBeenCalledWith(25);
  });

  it('shows skeleton rows while loading', () => {
    renderTable({ loading: true });
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(table.querySelectorAll('tbody tr')).toHaveLength(10);
    expect(screen.queryByText('a@example.com')).not.toBeInTheDocument();
  });

  it('says when there is nothing to show, with no pager under it', () => {
    renderTable({ rows: [], totalResults: 0, page: 1 });
    expect(screen.getByText('No records found')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Affiliates pages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Rows per page')).not.toBeInTheDocument();
    expect(screen.queryByText(/of 0/)).not.toBeInTheDocument();
  });

  it('has no pager while the first page loads or when it failed', () => {
    renderTable({ rows: undefined, totalResults: 0, page: 1, loading: true });
    expect(screen.queryByRole('navigation', { name: 'Affiliates pages' })).not.toBeInTheDocument();
  });

  it('keeps the pager on an empty page past the end of a list, to go back', () => {
    const { onPageChange } = renderTable({ rows: [], totalResults: 35, page: 9 });
    const pager = screen.getByRole('navigation', { name: 'Affiliates pages' });
    fireEvent.click(within(pager).getByRole('button', { name: 'First page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it('shows the error with a retry', () => {
    const onRetry = vi.fn();
    renderTable({ error: 'Invalid filter', onRetry });
    expect(screen.getByText('Invalid filter')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('DataTable on a phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  const phone = stubPhoneWidth;

  it('shows every list as cards by default, each value under its header', () => {
    phone();
    renderTable();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Affiliates' })).getByRole('listitem');
    expect(within(card).getByText('Referred To')).toBeInTheDocument();
    expect(within(card).getByText('a@example.com')).toBeInTheDocument();
  });

  it('keeps a table where a list opts out', () => {
    phone();
    renderTable({ stackOnPhone: false });
    expect(screen.getByRole('table', { name: 'Affiliates' })).toBeInTheDocument();
  });
});

describe('DataTable pinned column', () => {
  it('keeps an actions column stuck to the right edge while the rest scrolls', () => {
    renderTable({
      columns: [
        ...columns,
        {
          id: 'actions',
          header: 'Actions',
          cell: () => <button type="button">Review</button>,
          pinEnd: true,
        },
      ],
    });
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toHaveClass('sticky', 'right-0');
    expect(screen.getByRole('button', { name: 'Review' }).closest('td')).toHaveClass(
      'sticky',
      'right-0',
    );
    expect(screen.getByRole('columnheader', { name: 'Referred To' })).not.toHaveClass('sticky');
  });
});
