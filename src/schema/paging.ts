/**
 * The most records one list call answers. The API refuses a larger page (400) and caps a list
 * asked for without paging to it, still counting every record in `X-Total-Count`; the dashboard
 * fetches more (the CSV export) page by page.
 */
export const MAX_PAGE_SIZE = 1000;

/** The most records one bulk action call runs on (`POST /<name>/bulk/<action>`): 422 past it. */
export const MAX_BULK_IDS = 100;
