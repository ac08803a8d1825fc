import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_STATEMENT } from '@tmc/shared';

const whitePaper = readFileSync(resolve(__dirname, '../../../white-paper/white-paper.md'), 'utf8');

describe('the default delivery statement', () => {
  it('says, sentence by sentence, what the white paper says about delivery', () => {
    const sentences = DEFAULT_DELIVERY_STATEMENT.split(/(?<=\.)\s+/);
    expect(sentences.length).toBeGreaterThan(1);
    for (const sentence of sentences) expect(whitePaper).toContain(sentence);
  });
});
