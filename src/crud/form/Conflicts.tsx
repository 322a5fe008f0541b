import { lazy, Suspense, useEffect, useEffectEvent, useRef } from 'react';
import type { ConflictPanelProps } from './ConflictPanel';

// The panel (antd's Descriptions and Radio) loads with the first conflict: most saves have none.
const ConflictPanel = lazy(() => import('./ConflictPanel'));

/**
 * An edit form's conflict panel (ConflictPanel), and its "keep mine": the page's own submit runs
 * again once the form holds the server's version, so the overwrite goes through the page's checks
 * and sends what the page sends.
 */
export function Conflicts({
  resubmit,
  onApplied,
  ...panel
}: ConflictPanelProps & {
  /** The page's submit (its checks, then its save). */
  resubmit: () => void;
  /**
   * The form's values were replaced (theirs taken, a merge, the person's values put back): a
   * page whose inputs keep a state of their own (the form builder) shows them again.
   */
  onApplied?: () => void;
}) {
  const { state } = panel;
  const handled = useRef(state.resave);
  const submit = useEffectEvent(resubmit);
  useEffect(() => {
    if (state.resave === handled.current) return;
    handled.current = state.resave;
    submit();
  }, [state.resave]);
  if (!state.conflict && !state.dropped && !state.merged) return null;
  const then = (action: () => void) => () => {
    action();
    onApplied?.();
  };
  const shown = onApplied
    ? {
        ...state,
        takeTheirs: then(state.takeTheirs),
        mergeValues: then(state.mergeValues),
        restoreMine: then(state.restoreMine),
      }
    : state;
  return (
    <Suspense fallback={null}>
      <ConflictPanel {...panel} state={shown} />
    </Suspense>
  );
}
