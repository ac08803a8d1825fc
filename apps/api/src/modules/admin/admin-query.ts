import { z } from 'zod';
import { digitsFromTo } from '@tmc/shared';
import { listQuerySchema } from '../../lib/list-query.ts';

/**
 * An admin list's querystring: the list conventions of API.md (page, limit, sort[price],
 * filter[query] — no filter keys here) plus the list's own plain parameters, e.g. `status`.
 */
export const adminListQuery = <S extends z.ZodRawShape>(params: S) =>
  z.intersection(listQuerySchema(z.object({}).strict()), z.object(params));

/** A query parameter that is a whole number in a range. */
export const intParam = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${name} must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `${name} must be from ${min} to ${max}`)
        .max(max, `${name} must be from ${min} to ${max}`),
    )
    // Leading zeros are taken, as Number() reads them.
    .meta({ pattern: `^(?=[0-9]{1,6}$)0*(?:${digitsFromTo(min, max).join('|')})$` });

export const boolParam = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true');

export const tierParam = z
  .enum(['1', '2'], { error: 'tier must be 1 or 2' })
  .transform((tier) => (tier === '2' ? (2 as const) : (1 as const)));

/** Free text to search for; empty means no search. */
export const searchParam = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => v || undefined);
