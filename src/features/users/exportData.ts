import { apiUrl, sessionHeaders, toHttpError } from '../../providers/http';

/**
 * Downloads one hotel's data: `GET /users/:id/export` answers a ZIP (its JSON per resource and
 * its uploads). Saved under the name the API gives (Content-Disposition), else `<slug>.zip`.
 */
export async function downloadHotelData(record: Record<string, unknown>): Promise<void> {
  const url = apiUrl(`/users/${String(record.id)}/export`);
  const response = await fetch(url, { headers: sessionHeaders(url) });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the generic message.
    }
    throw toHttpError(body, response.status);
  }
  const named = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '');
  const name = named?.[1] ?? `${String(record.slug ?? record.id)}.zip`;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
