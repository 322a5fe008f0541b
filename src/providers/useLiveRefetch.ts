import { useEffect, useRef } from 'react';
import { liveProvider } from './liveProvider';

/** Events arriving together (a bulk run) ask once. */
const GATHER_MS = 300;

/**
 * A custom query (useCustom: the overview's "Today", its statistics) that follows the resources
 * it is made of: asked again when the live stream says one of them changed. Refine's liveMode
 * covers its data hooks only (lists, records), not custom ones.
 */
export function useLiveRefetch(resources: readonly string[], refetch: () => unknown): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  }, [refetch]);
  const key = resources.join(',');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void latest.current(), GATHER_MS);
    };
    const subscriptions = key
      .split(',')
      .map((resource) =>
        liveProvider.subscribe({ channel: `resources/${resource}`, types: ['*'], callback: ask }),
      );
    return () => {
      clearTimeout(timer);
      for (const subscription of subscriptions) liveProvider.unsubscribe(subscription);
    };
  }, [key]);
}
