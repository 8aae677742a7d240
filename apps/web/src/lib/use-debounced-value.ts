import { useEffect, useState } from 'react';

/**
 * The value as it was once it stopped changing for `delayMs`: what is asked of the server while a person types.
 * Compare values by content (a string), not by identity: a new array on every render would never settle.
 */
export const useDebouncedValue = <Value extends string | number | boolean>(value: Value, delayMs: number) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};
