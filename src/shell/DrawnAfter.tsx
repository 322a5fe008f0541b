import { useDeferredValue, useRef, type ReactNode } from 'react';

/**
 * Its children, drawn in a deferred render whenever `answer` changes: the render that brings a
 * new answer keeps what is on screen, and React then draws the new children in short slices.
 * A query's answer comes through a store React renders synchronously; a list's page drawn again
 * at once for its rows was one long task that kept a phone from answering. Other changes (what
 * the user types or picks) are drawn at once, as usual.
 */
export function DrawnAfter({ answer, children }: { answer: unknown; children: ReactNode }) {
  const drawnAnswer = useDeferredValue(answer);
  const shown = useRef(children);
  // Returning the very element drawn before makes React skip the whole subtree; a ref holds it
  // because what was drawn last is no state of its own.
  // eslint-disable-next-line react-hooks/refs
  if (drawnAnswer === answer) shown.current = children;
  // eslint-disable-next-line react-hooks/refs
  return shown.current;
}
