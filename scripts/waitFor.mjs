/**
 * Resolves once `url` answers (any HTTP status), polling every `intervalMs`; rejects after
 * `timeoutMs`. `npm start` waits for the API and the dashboard before it says they run.
 */
export async function waitFor(url, { timeoutMs = 60_000, intervalMs = 250 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(intervalMs * 4) });
      return;
    } catch {
      if (Date.now() >= deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
