import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyModule } from '../../src/crud/lazyModule';

/** Shows what the hook answers: the module's word, "loading", or "without". */
function Probe({
  module,
  wanted,
}: {
  module: ReturnType<typeof lazyModule<{ word: string }>>;
  wanted: boolean;
}) {
  const loaded = module.useModule(wanted);
  return <p>{loaded === undefined ? 'loading' : loaded === null ? 'without' : loaded.word}</p>;
}

describe('a module loaded on demand', () => {
  it('loads once for the screens that want it, and not for the others', async () => {
    let loads = 0;
    const module = lazyModule(async () => {
      loads += 1;
      return { word: 'sortable' };
    });
    const first = render(<Probe module={module} wanted />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('sortable')).toBeInTheDocument();
    first.unmount();
    // A later screen gets it at once, without loading it again.
    render(<Probe module={module} wanted />);
    expect(screen.getByText('sortable')).toBeInTheDocument();
    render(<Probe module={module} wanted={false} />);
    expect(screen.getByText('without')).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('goes on without it when it cannot load, and tries again on the next screen', async () => {
    let loads = 0;
    const module = lazyModule(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return { word: 'sortable' };
    });
    const first = render(<Probe module={module} wanted />);
    expect(await screen.findByText('without')).toBeInTheDocument();
    first.unmount();
    render(<Probe module={module} wanted />);
    expect(await screen.findByText('sortable')).toBeInTheDocument();
    expect(loads).toBe(2);
  });
});
