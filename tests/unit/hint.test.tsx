import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Hint } from '../../src/crud/Hint';

const link = () => screen.getByRole('link', { name: 'Edit Spa' });

describe("Hint (a row's tooltip, mounted when first pointed at)", () => {
  it('draws its child alone until a mouse points at it, then shows the tooltip on it', async () => {
    render(
      <Hint title="Edit">
        <a href="/edit" aria-label="Edit Spa">
          e
        </a>
      </Hint>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerOver(link(), { pointerType: 'mouse' });
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Edit');
    // The child is still there, under the tooltip, with its name.
    expect(link()).toHaveAttribute('href', '/edit');
  });

  it('mounts no tooltip for a touch', () => {
    render(
      <Hint title="Edit">
        <a href="/edit" aria-label="Edit Spa">
          e
        </a>
      </Hint>,
    );
    fireEvent.pointerOver(link(), { pointerType: 'touch' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it("keeps the child's own pointer handler", () => {
    let pointed = 0;
    render(
      <Hint title="Edit">
        <a href="/edit" aria-label="Edit Spa" onPointerEnter={() => pointed++}>
          e
        </a>
      </Hint>,
    );
    fireEvent.pointerOver(link(), { pointerType: 'mouse' });
    expect(pointed).toBe(1);
  });
});
