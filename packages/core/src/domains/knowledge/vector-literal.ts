/** pgvector's text form of a vector, '[0.1,0.2,…]', for a ::vector cast in a query parameter. */
export const vectorLiteral = (vector: readonly number[]) => {
  if (vector.length === 0 || !vector.every(Number.isFinite))
    throw new Error('An embedding must be a non-empty list of finite numbers');
  return `[${vector.join(',')}]`;
};
