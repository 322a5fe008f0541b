import { useEffect, useState } from 'react';

/**
 * The value as it stood `delay` ms after it last changed: expensive previews (a page's sanitised
 * body, a PDF, an embedded page, a form's rendering) follow typing without running on every key.
 * The first value is there at once.
 */
export function useDebounced<T>(value: T, delay = 200): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
