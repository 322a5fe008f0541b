import type { KeyboardEvent } from 'react';

/** Enter in a date picker confirms the typed date; it must not also submit the form. */
export const keepEnterInPickers = (event: KeyboardEvent<HTMLFormElement>) => {
  if (event.key === 'Enter' && (event.target as HTMLElement).closest('.ant-picker')) {
    event.preventDefault();
  }
};
