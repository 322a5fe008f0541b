import { apiUrl, sessionHeaders, toHttpError } from '../../providers/http';

/**
 * Downloads a hotel's data export (`GET /users/:id/export`, `/users/me/export`): a ZIP, so it is
 * fetched as bytes (the JSON client would read it as text) and handed to the browser as a file.
 * Rejects with the server's error (an HttpError) when it refuses.
 */
export async function downloadExport(path: string, fallbackName: string): Promise<void> {
  const url = apiUrl(path);
  const response = await fetch(url, { headers: sessionHeaders(url) });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw toHttpError(body, response.status);
  }
  const blob = await response.blob();
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  const link = document.createElement('a');
  const address = URL.createObjectURL(blob);
  link.href = address;
  link.download = named?.[1] ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), 1000);
}
