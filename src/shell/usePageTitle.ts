import { createContext, useContext, useEffect } from 'react';

export const PageTitleContext = createContext<(title: string | null) => void>(() => {});

/** A page that knows its name better than its path does (an error page) names the tab. */
export function usePageTitle(title: string) {
  const set = useContext(PageTitleContext);
  useEffect(() => {
    set(title);
    return () => set(null);
  }, [set, title]);
}
