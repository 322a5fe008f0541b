import { useDeferredValue, useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * Its children, drawn in a deferred render whenever `answer` changes: the render that brings a
 * new answer keeps what is on screen, and React then draws the new children in short slices.
 * A query's answer comes through a store React renders synchronously; a list's page drawn again
 * at once for its rows was one long task that kept a phone from answering. Other changes (what
 * the user types or picks) are drawn at once, as usual; so is a render with no answer
 * (`undefined`: a new question asked, e.g. by a click on a column's header).
 */
export function DrawnAfter({ answer, children }: { answer: unknown; children: ReactNode }) {
  const drawnAnswer = useDeferredValue(answer);
  // What is on screen: the element of the last committed render, so React skips the whole
  // subtree until the deferred render catches up. (React's own deferred copy of the children
  // could be older: a list sorted by a click went back to its header from before the click when
  // the rows came, and a second click there asked for the same order again.)
  const onScreen = useRef(children);
  const shown =
    answer === undefined || drawnAnswer === answer
      ? children
      : // Read in render on purpose: it is set only after a commit, so it is what is on screen.
        // eslint-disable-next-line react-hooks/refs
        onScreen.current;
  useLayoutEffect(() => {
    onScreen.current = shown;
  });
  return shown;
}
