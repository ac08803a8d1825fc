import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries made from the zod schemas the routes declare: values of the declared
 * shape, lengths, patterns, ranges and enums. Rules a schema only states in code (refinements,
 * transforms) are left to per-field overrides, and each value is kept only when the schema
 * itself accepts it.
 */

interface Def {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Letters, digits and a few marks: text the input guard lets through. */
const TEXT_UNIT = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .-_',
);

function checksOf(def: Def) {
  const out: { min?: number; max?: number; pattern?: RegExp; gte?: number; lte?: number } = {};
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length') out.min = c.minimum as number;
    if (c.check === 'max_length') out.max = c.maximum as number;
    if (c.check === 'length_equals') out.min = out.max = c.length as number;
    if (c.check === 'string_format' && c.format === 'regex') out.pattern = c.pattern as RegExp;
    if (c.check === 'greater_than') out.gte = (c.value as number) + (c.inclusive ? 0 : 1);
    if (c.check === 'less_than') out.lte = (c.value as number) - (c.inclusive ? 0 : 1);
  }
  return out;
}

/** An arbitrary for `schema`; `path` names the field in the error for a type it cannot make. */
export function arbitraryOf(schema: z.ZodType, path = 'body'): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      return fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([key, field]) => [key, arbitraryOf(field, `${path}.${key}`)]),
        ),
      );
    }
    case 'string': {
      const { min = 0, max, pattern } = checksOf(def);
      if (def.format === 'datetime')
        return fc
          .date({ min: new Date('2026-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (pattern)
        return fc
          .stringMatching(pattern)
          .filter((s) => s.length >= min && (max === undefined || s.length <= max));
      return fc.string({
        unit: TEXT_UNIT,
        minLength: min,
        maxLength: Math.min(max ?? 40, min + 40),
      });
    }
    case 'number': {
      const { gte = 0, lte = 1000 } = checksOf(def);
      return fc.integer({ min: Math.ceil(gte), max: Math.floor(Math.min(lte, gte + 1000)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'optional':
      return fc.option(arbitraryOf(def.innerType!, path), { nil: undefined });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType!, path), { nil: null });
    case 'default':
    case 'prefault':
      return fc.option(arbitraryOf(def.innerType!, path), { nil: undefined });
    case 'pipe':
      return arbitraryOf(def.in!, path);
    case 'array': {
      const { min = 0, max } = checksOf(def);
      return fc.array(arbitraryOf(def.element!, `${path}[]`), {
        minLength: min,
        maxLength: Math.min(max ?? 3, min + 3),
      });
    }
    case 'record':
      return fc.dictionary(
        arbitraryOf(def.keyType!, `${path}{key}`) as fc.Arbitrary<string>,
        arbitraryOf(def.valueType!, `${path}{}`),
        { maxKeys: 3 },
      );
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => arbitraryOf(option, path)));
    default:
      throw new Error(`No generator for the zod type "${def.type}" of ${path}`);
  }
}

/** Fields of an object schema replaced: a value, an arbitrary, or undefined to leave it out. */
export type Overrides = Record<string, unknown>;

/**
 * A body for an object schema: its own fields generated, `overrides` on top (real ids, codes,
 * amounts the server checks against its data). Up to `tries` samples; the first one the schema
 * accepts, or the last one when none was (the request then shows why).
 */
export function sampleBody(
  schema: z.ZodType,
  overrides: Overrides,
  seed: number,
  tries = 30,
): Record<string, unknown> {
  const fields = defOf(schema).shape ?? {};
  const record = fc.record(
    Object.fromEntries(
      Object.entries(fields).map(([key, field]) => {
        if (!(key in overrides)) return [key, arbitraryOf(field, `body.${key}`)];
        const value = overrides[key];
        return [key, value instanceof fc.Arbitrary ? value : fc.constant(value)];
      }),
    ),
  );
  const extra = Object.fromEntries(
    Object.entries(overrides).filter(([key, value]) => !(key in fields) && value !== undefined),
  );
  let last: Record<string, unknown> = {};
  for (const candidate of fc.sample(record, { seed, numRuns: tries })) {
    last = Object.fromEntries(
      Object.entries({ ...candidate, ...extra }).filter(([, v]) => v !== undefined),
    );
    if (schema.safeParse(last).success) return last;
  }
  return last;
}
