import { useWarnAboutChange } from '@refinedev/core';
import { useEffect } from 'react';

/**
 * The unsaved-changes warning (leaving the page, closing the tab) for a form Refine does not
 * manage itself: on while `dirty`, off when the form is saved or left.
 */
export function useWarnWhenDirty(dirty: boolean): void {
  const { setWarnWhen } = useWarnAboutChange();
  useEffect(() => {
    setWarnWhen(dirty);
    return () => setWarnWhen(false);
  }, [dirty, setWarnWhen]);
}
