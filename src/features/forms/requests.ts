import type { SubmissionStatus } from '../../resources/forms';
import type { SubmissionRow } from './answers';

/** The Requests inbox; one request is at `${REQUESTS}/<id>` (the new-request mail links there). */
export const REQUESTS = '/dashboard/requests';

/** A status's colour (New stands out; Spam is muted). */
export const STATUS_COLOR: Record<SubmissionStatus, string> = {
  new: 'blue',
  'in-progress': 'gold',
  done: 'green',
  spam: 'default',
};

/** A submission as the Requests screens read it. */
export type RequestRow = SubmissionRow & {
  /** The hotel's (several with "all my hotels"). */
  ownerId?: number;
  status?: SubmissionStatus;
  reference?: string;
  assignee?: string;
  notes?: string;
  statusChangedAt?: string;
};
