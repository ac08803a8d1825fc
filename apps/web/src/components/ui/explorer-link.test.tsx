import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExplorerContext, ExplorerLink, explorerHref } from './explorer-link';

const HASH = `0x${'ab'.repeat(32)}`;
const ADDRESS = `0x${'12'.repeat(20)}`;

describe('explorerHref', () => {
  it('links transactions to /tx/ and addresses to /address/ under the configured explorer', () => {
    expect(explorerHref('https://etherscan.io', 'tx', HASH)).toBe(
      `https://etherscan.io/tx/${HASH}`,
    );
    expect(explorerHref('https://etherscan.io/', 'address', ADDRESS)).toBe(
      `https://etherscan.io/address/${ADDRESS}`,
    );
  });

  it('gives no link without an explorer or for a value that is not hex', () => {
    expect(explorerHref(null, 'tx', HASH)).toBeNull();
    expect(explorerHref('https://etherscan.io', 'tx', '../admin')).toBeNull();
  });
});

describe('ExplorerLink', () => {
  it('is plain text on a chain without an explorer (the dev chain)', () => {
    render(
      <ExplorerLink kind="tx" value={HASH}>
        short
      </ExplorerLink>,
    );
    expect(screen.getByText('short').closest('a')).toBeNull();
  });

  it('opens the explorer page in a new tab when one is configured', () => {
    render(
      <ExplorerContext value="https://explorer.example.org">
        <ExplorerLink kind="address" value={ADDRESS}>
          short
        </ExplorerLink>
      </ExplorerContext>,
    );
    const link = screen.getByRole('link', { name: 'short' });
    expect(link).toHaveAttribute('href', `https://explorer.example.org/address/${ADDRESS}`);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
