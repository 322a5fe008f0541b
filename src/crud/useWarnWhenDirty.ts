import { useWarnAboutChange } from '@refinedev/core';
import { useEffect, useState } from 'react';

/** The forms on screen with unsaved changes (an edit page may hold several: a user's tabs). */
const dirtyForms = new Set<symbol>();

/**
 * The unsaved-changes warning (leaving the page, closing the tab) for a form: on while `dirty`,
 * off when the form is saved or left. Refine turns the warning off when any form is submitted;
 * a new `asked` (after a refused or failed save) turns it on again while changes are unsaved.
 */
export function useWarnWhenDirty(dirty: boolean, asked = 0): void {
  const { setWarnWhen } = useWarnAboutChange();
  const [self] = useState(() => Symbol('form'));
  useEffect(() => {
    if (dirty) dirtyForms.add(self);
    else dirtyForms.delete(self);
    setWarnWhen(dirtyForms.size > 0);
  }, [dirty, asked, self, setWarnWhen]);
  useEffect(
    () => () => {
      dirtyForms.delete(self);
      setWarnWhen(dirtyForms.size > 0);
    },
    [self, setWarnWhen],
  );
}
