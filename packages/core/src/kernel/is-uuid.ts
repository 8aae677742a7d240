const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path parameter can be a row id. Checked before a uuid column is compared with it: PostgreSQL refuses
 * a malformed uuid with an error, where the caller means "not found".
 */
export const isUuid = (value: string) => UUID.test(value);
