import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { hotelPath } from '../../providers/hotel';

/**
 * A link to a dashboard page of a record, in the hotel it belongs to: within this page for the
 * hotel worked in, a new page in another one (the switcher's way: nothing of one hotel stays on
 * screen or in a cache in the other).
 */
export function RecordLink({
  to,
  hotel,
  children,
  label,
}: {
  to: string;
  /** The other hotel the record belongs to (see Chain.awayOf). */
  hotel?: number;
  children: ReactNode;
  label?: string;
}) {
  return hotel === undefined ? (
    <Link to={to} aria-label={label}>
      {children}
    </Link>
  ) : (
    <a href={hotelPath(hotel, to)} aria-label={label}>
      {children}
    </a>
  );
}
