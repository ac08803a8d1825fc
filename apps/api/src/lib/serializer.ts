import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
const PRIMITIVE = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * Fits zod's JSON Schema to fast-json-stringify. zod writes `x.nullable()` as anyOf [x, null],
 * which fast-json-stringify would check against each branch at run time: a choice of plain types
 * becomes one type list instead.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  // fast-json-stringify writes required properties before optional ones; without the list it
  // keeps the declared order, as zod did (an absent value is left out either way).
  if (out.type === 'object' && out.properties) delete out.required;
  const branches = out.anyOf;
  if (
    Array.isArray(branches) &&
    Object.keys(out).length === 1 &&
    branches.every(
      (b: JsonSchema) =>
        Object.keys(b).length === 1 && typeof b.type === 'string' && PRIMITIVE.has(b.type),
    )
  )
    return { type: branches.map((b: JsonSchema) => b.type as string) };
  return out;
}

/** The JSON Schema of a response's zod schema, or undefined when JSON Schema cannot say it. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema | undefined {
  try {
    const json = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
    });
    return simplify(json) as JsonSchema;
  } catch {
    return undefined;
  }
}

/** Compiled once per schema text: routes share schemas, and tests build many apps. */
const compiled = new Map<string, (data: unknown) => string>();

function compile(json: JsonSchema) {
  const key = JSON.stringify(json);
  let stringify = compiled.get(key);
  if (!stringify) {
    stringify = fastJson(json);
    compiled.set(key, stringify);
  }
  return stringify;
}

/** Routes whose answers still go through zod, because their schema has no JSON Schema form. */
export const zodSerializedRoutes: string[] = [];

/**
 * Answers are written by fast-json-stringify, compiled once per route and status from the zod
 * schema the route declares (the same schema /docs shows), instead of being validated with zod
 * on every request. Like zod's serializer it writes only the declared fields, in their order.
 */
const bySchema = new WeakMap<z.ZodType, (data: unknown) => string>();

export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const known = bySchema.get(route.schema);
  if (known) return known;
  const json = responseJsonSchema(route.schema);
  if (json) {
    try {
      const stringify = compile(json);
      bySchema.set(route.schema, stringify);
      return stringify;
    } catch {
      // fall through to zod
    }
  }
  zodSerializedRoutes.push(`${route.method} ${route.url} ${route.httpStatus ?? ''}`.trim());
  return zodSerializerCompiler(route);
};
