import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRUNCATE_AT, TruncatedText, truncateText } from './truncated-text';

const long = `${'Memes and mates. '.repeat(20)}The end.`;

describe('truncateText', () => {
  it('leaves text within the limit alone', () => {
    expect(truncateText('Short and sweet.')).toBe('Short and sweet.');
    expect(truncateText('x'.repeat(TRUNCATE_AT))).toHaveLength(TRUNCATE_AT);
  });

  it('cuts at 250 characters on a whole word, with an ellipsis', () => {
    const cut = truncateText(long);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(TRUNCATE_AT + 1);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    expect(cut).toMatch(/Memes and…$/);
  });

  it('cuts a word that runs on and on at the limit itself', () => {
    expect(truncateText('a'.repeat(400))).toBe(`${'a'.repeat(TRUNCATE_AT)}…`);
  });
});

describe('TruncatedText', () => {
  it('toggles between Show more and Show less', () => {
    render(<TruncatedText text={long} />);
    const more = screen.getByRole('button', { name: 'Show more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(truncateText(long))).toBeInTheDocument();

    fireEvent.click(more);
    expect(screen.getByText(long)).toBeInTheDocument();
    const less = screen.getByRole('button', { name: 'Show less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');

    fireEvent.click(less);
    expect(screen.getByText(truncateText(long))).toBeInTheDocument();
  });

  it('has no toggle for short text', () => {
    render(<TruncatedText text="Just a grin." />);
    expect(screen.getByText('Just a grin.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
