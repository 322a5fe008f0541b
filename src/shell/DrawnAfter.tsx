import { useDeferredValue, type ReactNode } from 'react';

/**
 * Its children, drawn in a deferred render whenever `answer` changes: the render that brings a
 * new answer keeps what is on screen, and React then draws the new children in short slices.
 * A query's answer comes through a store React renders synchronously; a list's page drawn again
 * at once for its rows was one long task that kept a phone from answering. Other changes (what
 * the user types or picks) are drawn at once, as usual.
 */
export function DrawnAfter({ answer, children }: { answer: unknown; children: ReactNode }) {
  const drawnAnswer = useDeferredValue(answer);
  // In the render that brings a new answer, the children last drawn: the very element on
  // screen, so React skips the whole subtree until the deferred render catches up.
  const drawnChildren = useDeferredValue(children);
  return drawnAnswer === answer ? children : drawnChildren;
}
