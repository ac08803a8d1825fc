import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a row id: anything else is answered as not found, never sent to SQL. */
export const isUuid = (value: string) => UUID.test(value);

/** Path parameters of a route for one row: `:id`, a UUID (else 400 "Invalid id"). */
export const idParams = z.object({ id: z.uuid('Invalid id') });
