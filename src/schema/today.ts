/** GET /today: what needs doing at a hotel today (the operator's overview). Null: not for this caller. */
export interface TodaySummary {
  /** The day asked about (YYYY-MM-DD). */
  date: string;
  /** Guests' orders waiting for the hotel to confirm them: how many, and the oldest few. */
  pendingOrders: {
    count: number;
    items: { id: number; number: string; total: number; room: string; createdAt: string }[];
  } | null;
  /** Guest requests (form submissions) nobody has picked up yet. */
  newRequests: number | null;
  /** Hotek bookings of the day and the next (cancelled ones left out), by start time. */
  bookings: { today: TodayBooking[]; tomorrow: TodayBooking[] } | null;
  /** The notification guests see now, if any. */
  notification: { active: { id: number; message: string; endDate: string } | null } | null;
  /** Copies made by Sync that still need translating. */
  needsTranslation: { pages: number; amenities: number };
}

export interface TodayBooking {
  id: number;
  timeslotId: number;
  service: string;
  startTime: string;
  endTime: string;
  guestName: string;
  room: string;
  partySize: number;
}
