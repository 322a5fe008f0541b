import { act, render } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { DrawnAfter } from '../../src/shell/DrawnAfter';

/** What each commit put on screen, read in the commit itself. */
function Screen({
  answer,
  text,
  seen,
}: {
  answer: number | undefined;
  text: string;
  seen: string[];
}) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    seen.push(box.current!.textContent!);
  });
  return (
    <div ref={box}>
      <DrawnAfter answer={answer}>
        <p>{text}</p>
      </DrawnAfter>
    </div>
  );
}

describe('DrawnAfter', () => {
  it('keeps what is on screen in the commit that brings a new answer, then draws it', async () => {
    const seen: string[] = [];
    const { rerender, container } = render(<Screen answer={1} text="10 rows" seen={seen} />);
    await act(async () => rerender(<Screen answer={2} text="20 rows" seen={seen} />));
    // The commit of the new answer still shows the old rows; the deferred render then draws
    // the new ones (it renders DrawnAfter alone, so the parent's effect does not run again).
    expect(seen).toEqual(['10 rows', '10 rows']);
    expect(container).toHaveTextContent('20 rows');
  });

  it('draws other changes at once', async () => {
    const seen: string[] = [];
    const { rerender } = render(<Screen answer={1} text="spa" seen={seen} />);
    await act(async () => rerender(<Screen answer={1} text="spa bath" seen={seen} />));
    expect(seen).toEqual(['spa', 'spa bath']);
  });

  it('draws a render with no answer yet at once (a new question, e.g. a sort clicked)', async () => {
    const seen: string[] = [];
    const { rerender } = render(<Screen answer={1} text="A to Z" seen={seen} />);
    await act(async () => rerender(<Screen answer={undefined} text="Z to A" seen={seen} />));
    expect(seen).toEqual(['A to Z', 'Z to A']);
  });

  it('keeps the last drawn screen when an answer comes, not an older one', async () => {
    const seen: string[] = [];
    const { rerender, container } = render(<Screen answer={1} text="unsorted" seen={seen} />);
    await act(async () => {
      // A click draws its sort at once; its rows come before React has caught up in the
      // background. The screen stays sorted: it went back to "unsorted" (a second click on that
      // header asked for the same order again).
      flushSync(() => rerender(<Screen answer={undefined} text="sorted" seen={seen} />));
      rerender(<Screen answer={2} text="sorted, rows" seen={seen} />);
    });
    expect(seen.slice(0, 3)).toEqual(['unsorted', 'sorted', 'sorted']);
    expect(container).toHaveTextContent('sorted, rows');
  });
});
