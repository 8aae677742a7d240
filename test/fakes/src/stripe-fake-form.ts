/** A parameter of a Stripe request: a value, a list (`items[0]`, `items[1]`) or a hash (`metadata[key]`). */
export type StripeParam = string | StripeParam[] | StripeParams;
export type StripeParams = { [name: string]: StripeParam };

/** Names that would reach Object.prototype through a plain object. */
const UNSAFE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

const isIndex = (segment: string) => segment === '' || /^\d+$/.test(segment);

/** `line_items[0][price]` → ['line_items', '0', 'price']; `expand[]` → ['expand', '']. */
const pathOf = (key: string) => {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return [key];
  return [match[1] ?? key, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((segment) => segment[1] ?? '')];
};

const childOf = (container: StripeParam[] | StripeParams, segment: string): StripeParam | undefined =>
  Array.isArray(container) ? container[Number(segment)] : container[segment];

const place = (container: StripeParam[] | StripeParams, segment: string, value: StripeParam) => {
  // `expand[]=a&expand[]=b` appends; an index places the value where the client numbered it.
  if (Array.isArray(container)) container[segment === '' ? container.length : Number(segment)] = value;
  else container[segment] = value;
};

/**
 * Stripe's form encoding as nested hashes and lists: `line_items[0][price]=price_x&metadata[workspace_id]=w1`, as
 * stripe-node and curl send a POST body (and stripe-node a GET's query string). A segment that is a number, or
 * empty, makes a list; any other makes a hash. An empty value stays '' (Stripe's way to unset a field).
 */
export const parseStripeParams = (encoded: string): StripeParams => {
  const params: StripeParams = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = pathOf(key);
    if (path.some((segment) => UNSAFE_NAMES.has(segment))) continue;
    let container: StripeParam[] | StripeParams = params;
    for (const [index, segment] of path.entries()) {
      const next = path[index + 1];
      if (next === undefined) {
        place(container, segment, value);
        break;
      }
      const existing: StripeParam | undefined = segment === '' ? undefined : childOf(container, segment);
      const wantList = isIndex(next);
      // A name given both as a value and as a hash (`metadata=&metadata[a]=1`): the later, deeper form wins.
      const child: StripeParam[] | StripeParams =
        typeof existing === 'object' && Array.isArray(existing) === wantList ? existing : wantList ? [] : {};
      if (child !== existing) place(container, segment, child);
      container = child;
    }
  }
  return params;
};

/** The parameter as text, when it is one. */
export const textOf = (param: StripeParam | undefined) => (typeof param === 'string' ? param : undefined);

/** The parameter as a hash; '' (unset) and absence are an empty one. */
export const hashOf = (param: StripeParam | undefined): StripeParams =>
  typeof param === 'object' && !Array.isArray(param) ? param : {};

/** The entries of a list, skipping the holes a client's numbering left. */
export const listOf = (param: StripeParam | undefined): StripeParam[] =>
  Array.isArray(param) ? param.filter((entry) => entry !== undefined) : [];

/** Metadata as Stripe keeps it: text values only, and a key set to '' removed. */
export const metadataOf = (param: StripeParam | undefined, current: Record<string, string> = {}) => {
  if (param === '') return {};
  const metadata = { ...current };
  for (const [key, value] of Object.entries(hashOf(param))) {
    if (value === '') delete metadata[key];
    else if (typeof value === 'string') metadata[key] = value;
  }
  return metadata;
};
