import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { hotelPath } from '../../providers/hotel';

/**
 * A link to a dashboard page of a record, in the hotel it belongs to: within this page for the
 * hotel worked in, a new page in another one (the switcher's way: nothing of one hotel stays on
 * screen or in a cache in the other). The anchor takes the rest of the props and the ref: a
 * Tooltip around it gives its child the mouse and focus handlers, and its position.
 */
export function RecordLink({
  to,
  hotel,
  children,
  label,
  ...anchor
}: {
  to: string;
  /** The other hotel the record belongs to (see Chain.awayOf). */
  hotel?: number;
  children: ReactNode;
  label?: string;
  ref?: Ref<HTMLAnchorElement>;
} & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'>) {
  return hotel === undefined ? (
    <Link {...anchor} to={to} aria-label={label}>
      {children}
    </Link>
  ) : (
    <a {...anchor} href={hotelPath(hotel, to)} aria-label={label}>
      {children}
    </a>
  );
}
