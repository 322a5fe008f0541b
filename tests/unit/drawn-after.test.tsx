import { act, render } from '@testing-library/react';
import { useLayoutEffect, useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { DrawnAfter } from '../../src/shell/DrawnAfter';

/** What each commit put on screen, read in the commit itself. */
function Screen({ answer, text, seen }: { answer: number; text: string; seen: string[] }) {
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
});
