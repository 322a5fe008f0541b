export function waitFor(
  url: string,
  options?: { timeoutMs?: number; intervalMs?: number },
): Promise<void>;
