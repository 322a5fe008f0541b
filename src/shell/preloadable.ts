import { lazy, type ComponentType } from 'react';

interface Module<P> {
  default: ComponentType<P>;
}

/**
 * React.lazy for a screen that is usually loaded before it first renders (a dashboard page's
 * chunks are preloaded with the entry; its `preload()` starts it): once its module has arrived it
 * renders at once. Plain React.lazy suspends on a first render even for a loaded module, and
 * React holds each revealed Suspense boundary back until 300 ms after the last fallback: the
 * layout and the page inside it kept a first load idle for ~600 ms.
 */
export function preloadable<P>(load: () => Promise<Module<P>>) {
  let loaded: Module<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
  const preload = (): Promise<Module<P>> =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined; // the next render tries again
        throw error;
      },
    ));
  // An already resolved thenable: React.lazy takes its module without suspending.
  const settled = (module: Module<P>) =>
    ({ then: (resolve: (value: Module<P>) => void) => resolve(module) }) as Promise<Module<P>>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload())),
    { preload },
  );
}
