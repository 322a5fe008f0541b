// `npm run bench` (and `npm run bench:events` alone): live-event delivery (issue 38). 1,000
// streams (`GET /events`, each opened with its own ticket) stay open while a hotel creates
// amenity categories, one every 100 ms; each event is timed from the moment its write was sent
// to its arrival on each stream, and the API's memory is read with and without the streams.
// On PostgreSQL, with API_WORKERS=1 and 2 (events then cross processes through LISTEN/NOTIFY).
// The clients run in this process, on the same machine: on 2 cores they compete with the API
// for CPU, so read the figures as an upper bound.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { onEachApi, percentile, signIn } from './benchProcesses';

const STREAMS = 1_000;
const WRITES = 40;
const WRITE_GAP_MS = 100;
const HOTEL = 'hotel-amsterdam@example.com';

/** Resident memory (kB) of an API: its process and, with workers, theirs. */
function residentKb(api: ChildProcess): number {
  const pids = [String(api.pid)];
  try {
    pids.push(...execFileSync('pgrep', ['-P', String(api.pid)], { encoding: 'utf8' }).split(/\s+/));
  } catch {
    // no workers: one process
  }
  return pids
    .filter(Boolean)
    .map((pid) => Number(execFileSync('ps', ['-o', 'rss=', '-p', pid], { encoding: 'utf8' })))
    .reduce((sum, kb) => sum + (Number.isFinite(kb) ? kb : 0), 0);
}

/** One stream: calls `heard(id)` with each created id its events name, at their arrival. */
async function openStream(
  base: string,
  token: string,
  heard: (id: number, at: number) => void,
  signal: AbortSignal,
): Promise<void> {
  const ticketAnswer = await fetch(`${base}/events/ticket`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  const { ticket } = (await ticketAnswer.json()) as { ticket: string };
  const answer = await fetch(`${base}/events?ticket=${encodeURIComponent(ticket)}`, { signal });
  if (answer.status !== 200 || !answer.body) throw new Error(`stream answered ${answer.status}`);
  const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (!data || /^event: (?!message)/m.test(block)) continue;
          const change = JSON.parse(data) as { resource?: string; ids?: number[]; action?: string };
          if (change.resource === 'amenity-categories' && change.action === 'created')
            for (const id of change.ids ?? []) heard(id, performance.now());
        }
      }
    } catch {
      // aborted at the end
    }
  })();
}

interface Row {
  'API processes': number;
  streams: number;
  deliveries: string;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  'kB per stream': number;
}

async function run(base: string, workers: number, api: ChildProcess): Promise<Row> {
  const token = await signIn(base, HOTEL);
  const before = residentKb(api);
  const sentAt = new Map<number, number>();
  const arrivals: { id: number; at: number }[] = [];
  const stop = new AbortController();
  // Opened in turns of 50, as tabs come, not 1,000 handshakes at once.
  for (let i = 0; i < STREAMS; i += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, STREAMS - i) }, () =>
        openStream(base, token, (id, at) => arrivals.push({ id, at }), stop.signal),
      ),
    );
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const perStream = (residentKb(api) - before) / STREAMS;

  for (let n = 0; n < WRITES; n += 1) {
    const began = performance.now();
    const answer = await fetch(`${base}/amenity-categories`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: `Live bench ${n} ${Math.random()}`,
        color: '#123456',
        locale: 'en',
      }),
    });
    const { id } = (await answer.json()) as { id: number };
    sentAt.set(id, began);
    await new Promise((resolve) => setTimeout(resolve, WRITE_GAP_MS));
  }
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  stop.abort();

  const times = arrivals
    .filter(({ id }) => sentAt.has(id))
    .map(({ id, at }) => at - sentAt.get(id)!)
    .sort((a, b) => a - b);
  return {
    'API processes': workers,
    streams: STREAMS,
    deliveries: `${times.length} of ${STREAMS * WRITES}`,
    'p50 ms': +percentile(times, 50).toFixed(1),
    'p99 ms': +percentile(times, 99).toFixed(1),
    'max ms': +(times.at(-1) ?? 0).toFixed(1),
    'kB per stream': +perStream.toFixed(1),
  };
}

export async function eventFigures(counts: readonly number[] = [1, 2]): Promise<void> {
  // One hotel holds all 1,000 streams: past the usual 10 per account.
  const rows = await onEachApi(
    'events',
    4720,
    counts,
    { LIVE_STREAMS_PER_USER: String(STREAMS) },
    run,
  );
  console.log(
    `\nLive events on PostgreSQL: ${STREAMS} open streams, ${WRITES} writes ${WRITE_GAP_MS} ms ` +
      'apart; from sending a write to its event on each stream (clients on the same machine):',
  );
  console.table(rows);
}

if (process.argv[1]?.endsWith('benchEvents.ts')) await eventFigures();
