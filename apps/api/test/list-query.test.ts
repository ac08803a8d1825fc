import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { filterInt, listQueryMessages, listQuerySchema, pageOf } from '../src/lib/list-query.ts';

const schema = listQuerySchema(
  z.strictObject({ status: filterInt(0, 4).optional(), mode: filterInt(0, 1).optional() }),
);

const parse = (query: Record<string, unknown>) => schema.safeParse(query);
const messageOf = (query: Record<string, unknown>) => {
  const result = parse(query);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('listQuerySchema', () => {
  it('defaults to page 1 of 10, newest first, no filter', () => {
    expect(schema.parse({})).toEqual({
      page: 1,
      limit: 10,
      offset: 0,
      sortPrice: undefined,
      filter: {},
    });
  });

  it('reads the bracketed keys literally and works out the offset', () => {
    expect(
      schema.parse({
        page: '3',
        limit: '25',
        'sort[price]': '-1',
        'filter[query]': '{"status":2,"mode":"1"}',
      }),
    ).toEqual({ page: 3, limit: 25, offset: 50, sortPrice: -1, filter: { status: 2, mode: 1 } });
    expect(schema.parse({ 'sort[price]': '1' }).sortPrice).toBe(1);
    expect(schema.parse({ 'filter[query]': '  ' }).filter).toEqual({});
  });

  it('takes only the page sizes of the spec', () => {
    for (const limit of ['10', '15', '20', '25', '30']) expect(parse({ limit }).success).toBe(true);
    for (const limit of ['7', '11', '0', '-10', '10.0', 'abc', ['10', '15']])
      expect(messageOf({ limit })).toEqual([{ path: 'limit', message: listQueryMessages.limit }]);
  });

  it('takes pages from 1 as whole numbers', () => {
    for (const page of ['0', '-1', '1.5', 'x', '', '99999999'])
      expect(messageOf({ page })).toEqual([{ path: 'page', message: listQueryMessages.page }]);
  });

  it("answers 'Invalid filter' for malformed JSON, non-objects, unknown keys and bad values", () => {
    for (const text of [
      '{',
      '{status:1}',
      'null',
      '[]',
      '3',
      '{"status":5}',
      '{"other":1}',
      '{"mode":2}',
      '{"status":1.5}',
    ])
      expect(messageOf({ 'filter[query]': text }), text).toEqual([
        { path: 'filter[query]', message: listQueryMessages.filter },
      ]);
    expect(messageOf({ 'filter[query]': ['{}', '{}'] })).toEqual([
      { path: 'filter[query]', message: listQueryMessages.filter },
    ]);
  });

  it('refuses other sort values', () => {
    for (const sort of ['0', '2', 'asc', ''])
      expect(messageOf({ 'sort[price]': sort })).toEqual([
        { path: 'sort[price]', message: listQueryMessages.sort },
      ]);
  });
});

describe('pageOf', () => {
  it('answers the list envelope of API.md', () => {
    expect(pageOf(['a', 'b'], 12, { page: 2, limit: 10 })).toEqual({
      data: ['a', 'b'],
      page: 2,
      limit: 10,
      totalResults: 12,
      totalPages: 2,
    });
    expect(pageOf([], 0, { page: 1, limit: 10 }).totalPages).toBe(0);
    expect(pageOf([], 30, { page: 1, limit: 15 }).totalPages).toBe(2);
    expect(pageOf([], 31, { page: 1, limit: 15 }).totalPages).toBe(3);
  });
});
