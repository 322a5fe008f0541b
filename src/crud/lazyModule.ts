import { useEffect, useState } from 'react';

/**
 * A module that loads on demand, once, for the screens that want it (a hook cannot be lazy as a
 * component can). `useModule(wanted)` answers the module, `undefined` while it loads, or `null` when it
 * is not wanted or could not load (the screen then goes on without it).
 */
export function lazyModule<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const preload = (): Promise<M> =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined; // the next screen that wants it tries again
        throw error;
      },
    ));
  function useModule(wanted: boolean): M | null | undefined {
    const [failed, setFailed] = useState(false);
    const [, setArrived] = useState(loaded);
    useEffect(() => {
      if (!wanted || loaded) return;
      let current = true;
      preload().then(
        (module) => current && setArrived(module),
        () => current && setFailed(true),
      );
      return () => {
        current = false;
      };
    }, [wanted]);
    if (!wanted || failed) return null;
    return loaded;
  }
  return { preload, useModule };
}
