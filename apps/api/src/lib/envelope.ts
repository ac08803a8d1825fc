import { z } from 'zod';

export const envelope = <T>(code: number, data: T, message = 'OK') => ({ code, message, data });

const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/**
 * Response schema for a route's documented answer (also strips anything undeclared). One per data
 * schema, so its compiled serializer is shared by every route and app that answers it.
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  const made = () => z.object({ code: z.number().int(), message: z.string(), data });
  let schema = envelopes.get(data) as ReturnType<typeof made> | undefined;
  if (!schema) {
    schema = made();
    envelopes.set(data, schema);
  }
  return schema;
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
  errors: z.record(z.string(), z.string()).optional(),
  /** Where the site lets the caller do what the message asks, e.g. the identity page (a path). */
  link: z.string().optional(),
});
