const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a row id: anything else is answered as not found, never sent to SQL. */
export const isUuid = (value: string) => UUID.test(value);
