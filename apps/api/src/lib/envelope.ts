import { z } from 'zod';

export const envelope = <T>(code: number, data: T, message = 'OK') => ({ code, message, data });

/** Response schema for a route's documented answer (also strips anything undeclared). */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.null(),
  errors: z.record(z.string(), z.string()).optional(),
});
