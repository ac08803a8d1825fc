import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type Page } from '@tmc/shared';

/**
 * The list conventions of API.md: `page`, `limit`, `sort[price]` and `filter[query]`.
 * Fastify's query parser does not nest brackets, so the bracketed names are read as literal keys.
 */

export const listQueryMessages = {
  page: 'page must be a whole number from 1',
  limit: `limit must be one of ${PAGE_SIZES.join(', ')}`,
  sort: 'sort[price] must be 1 or -1',
  filter: 'Invalid filter',
} as const;

/** The deepest page anyone can ask for; keeps the offset far from integer limits. */
const MAX_PAGE = 1_000_000;

const pageParam = z
  .string({ error: listQueryMessages.page })
  .regex(/^\d{1,7}$/, listQueryMessages.page)
  .meta({
    pattern: '^(?=[0-9]{1,7}$)0*(?:[1-9][0-9]{0,5}|1000000)$',
    description: 'Page from 1 (1 without it)',
  })
  .transform(Number)
  .pipe(z.number().int().min(1, listQueryMessages.page).max(MAX_PAGE, listQueryMessages.page))
  .optional()
  .transform((page) => page ?? 1);

const limitParam = z
  .enum(PAGE_SIZES.map(String) as [string, ...string[]], { error: listQueryMessages.limit })
  .meta({ description: `Rows per page (${DEFAULT_PAGE_SIZE} without it)` })
  .optional()
  .transform((limit) => (limit === undefined ? DEFAULT_PAGE_SIZE : Number(limit)));

const sortParam = z
  .enum(['1', '-1'], { error: listQueryMessages.sort })
  .meta({
    description:
      'Sort by price: 1 ascending, -1 descending (the literal name `sort[price]`, not a deep object); newest first without it',
  })
  .optional()
  .transform((sort): 1 | -1 | undefined =>
    sort === undefined ? undefined : sort === '1' ? 1 : -1,
  );

/**
 * `filter[query]` holds a JSON object; `filter` says which keys a list allows (make it strict).
 * Anything else, malformed JSON included, is a 400 'Invalid filter'.
 */
function filterParam<F extends z.ZodType<object>>(filter: F) {
  const json = z.toJSONSchema(filter, { io: 'input', unrepresentable: 'any' });
  const keys = Object.keys((json as { properties?: object }).properties ?? {});
  return z
    .string({ error: listQueryMessages.filter })
    .meta({
      // The document says what the server checks first: the text is a JSON object (or empty).
      pattern: '^\\s*(\\{[\\s\\S]*\\})?\\s*$',
      description: `A JSON object as text (the literal name \`filter[query]\`, not a deep object)${
        keys.length ? `, with any of the keys ${keys.join(', ')}` : ''
      }, e.g. ${keys.length ? `{"${keys[0]}":1}` : '{}'}`,
    })
    .optional()
    .transform((text, ctx): z.output<F> => {
      const invalid = () => {
        ctx.addIssue({ code: 'custom', message: listQueryMessages.filter });
        return z.NEVER;
      };
      let json: unknown = {};
      if (text !== undefined && text.trim() !== '') {
        try {
          json = JSON.parse(text);
        } catch {
          return invalid();
        }
      }
      const result = filter.safeParse(json);
      return result.success ? result.data : invalid();
    });
}

/** The querystring schema of a list route; the parsed value is a `ListQuery`. */
export function listQuerySchema<F extends z.ZodType<object>>(filter: F) {
  return z
    .object({
      page: pageParam,
      limit: limitParam,
      'sort[price]': sortParam,
      'filter[query]': filterParam(filter),
    })
    .transform((q): ListQuery<z.output<F>> => ({
      page: q.page,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
      sortPrice: q['sort[price]'],
      filter: q['filter[query]'],
    }));
}

export interface ListQuery<F> {
  page: number;
  limit: number;
  /** Rows to skip: (page − 1) × limit. */
  offset: number;
  /** 1 ascending, −1 descending; undefined means newest first. */
  sortPrice: 1 | -1 | undefined;
  filter: F;
}

/** A list query as the repositories read it: the page, the price sort and the filter's fields. */
export const pageAndFilter = <F extends object>(q: ListQuery<F>) => ({
  offset: q.offset,
  limit: q.limit,
  sortPrice: q.sortPrice,
  ...q.filter,
});

/** A small integer from JSON: a number, or its digits as text. */
export const filterInt = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,6}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

/**
 * The list answer of API.md; `totalPages` is 0 when nothing matches. A total counted only up to a
 * cap (a staff search, see boundedCount) says so with `totalIsEstimate: true`.
 */
export function pageOf<T>(
  data: T[],
  totalResults: number,
  q: Pick<ListQuery<unknown>, 'page' | 'limit'>,
  estimate = false,
): Page<T> {
  return {
    data,
    page: q.page,
    limit: q.limit,
    totalResults,
    totalPages: Math.ceil(totalResults / q.limit),
    ...(estimate ? { totalIsEstimate: true } : {}),
  };
}

/** Response schema of a list answer. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    totalResults: z.number().int(),
    totalPages: z.number().int(),
    totalIsEstimate: z.boolean().optional(),
  });
