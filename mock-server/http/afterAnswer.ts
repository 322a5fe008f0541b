/**
 * Work a route does after its answer is sent, so the answer's timing says nothing of it (a
 * forgot-password request looks up the account and stores a reset link only after answering,
 * for every email alike). A failure is logged on the server; it can no longer change the answer.
 */
const pending = new Set<Promise<void>>();

export function afterAnswer(what: string, work: () => Promise<void>): void {
  const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(work)
    .catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`${what} failed after its answer: ${reason}`);
    })
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once every piece of after-answer work started so far (and any it started) is done. */
export async function afterAnswerSettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}
