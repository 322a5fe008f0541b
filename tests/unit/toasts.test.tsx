import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useToasts } from '../../src/providers/toasts';
import { Toasts } from '../../src/shell/Toasts';

/** Asks for two toasts at once and closes the first right away. */
function Asker() {
  const { notification } = useToasts();
  return (
    <button
      onClick={() => {
        notification.success({ key: 'gone', message: 'Closed before it showed' });
        notification.destroy('gone');
        notification.error({ message: 'Could not save' });
      }}
    >
      ask
    </button>
  );
}

describe('toasts', () => {
  it('show what was asked; one closed right away never shows', async () => {
    render(
      <Toasts>
        <Asker />
      </Toasts>,
    );
    act(() => screen.getByText('ask').click());
    expect(await screen.findByText('Could not save')).toBeInTheDocument();
    expect(screen.queryByText('Closed before it showed')).not.toBeInTheDocument();
  });
});
