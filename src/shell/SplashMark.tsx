import type { ReactNode } from 'react';

/**
 * The brand's mark on the theme's background (index.html's `.stay-splash`, as its boot mark):
 * what shows while the dashboard's frame comes — after the light sign-in page, during the
 * session's check and while the frame's code loads — instead of an empty white page. No
 * dependencies: the light sign-in page shows it before the dashboard's code is there.
 */
export function SplashMark({ children }: { children?: ReactNode }) {
  return (
    <div className="stay-splash" aria-hidden="true">
      {children}
      <svg width="48" height="48" viewBox="0 0 32 32">
        <rect width="32" height="32" rx="8" fill="var(--stay-primary, #7635dc)" />
      </svg>
    </div>
  );
}
