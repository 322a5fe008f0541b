import { fireEvent, render, screen } from '@testing-library/react';
import { Activity } from 'react';
import { describe, expect, it } from 'vitest';
import { LazyPopconfirm } from '../../src/crud/LazyPopconfirm';

/** A list's toolbar: the search box, and Sync in a part React may hide and show again (as a
 *  Suspense boundary does while a lazy part loads), which attaches its refs again. */
function Page({ title, shown = true }: { title: string; shown?: boolean }) {
  return (
    <>
      <input aria-label="Search" />
      <Activity mode={shown ? 'visible' : 'hidden'}>
        <LazyPopconfirm title={title} okText="Sync" cancelText="Cancel" onConfirm={() => undefined}>
          <button type="button">Sync list</button>
        </LazyPopconfirm>
      </Activity>
    </>
  );
}

describe('LazyPopconfirm', () => {
  it('asks on the first press, and the pressed button keeps the focus', async () => {
    render(<Page title="Sync from Dutch?" />);
    const button = screen.getByRole('button', { name: 'Sync list' });
    button.focus();
    fireEvent.click(button);
    expect(await screen.findByText('Sync from Dutch?')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sync list' }));
  });

  it('takes no focus back once the user has moved on', async () => {
    const { rerender } = render(<Page title="Sync from Dutch?" />);
    const button = screen.getByRole('button', { name: 'Sync list' });
    button.focus();
    fireEvent.click(button);
    await screen.findByText('Sync from Dutch?');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const search = screen.getByRole('textbox', { name: 'Search' });
    search.focus();
    // The list draws itself again, its toolbar hidden a moment: the focus stays in the search box.
    rerender(<Page title="Sync from German?" />);
    rerender(<Page title="Sync from Dutch?" shown={false} />);
    rerender(<Page title="Sync from Dutch?" />);
    expect(document.activeElement).toBe(search);
  });
});
