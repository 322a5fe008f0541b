// Keeps a child process running: started again when it dies (and says so), unless it keeps
// dying — `limit` times within `withinMs` — which means it cannot start (e.g. a wrong
// DATABASE_URL): then `onGiveUp` runs.
import { spawn } from 'node:child_process';

/**
 * @param {string} name what the messages call it ("The API")
 * @param {() => import('node:child_process').ChildProcess} start starts one instance
 * @param {{ limit?: number, withinMs?: number, log?: (line: string) => void, onGiveUp: () => void }} options
 * @returns {{ stop(): void, current(): import('node:child_process').ChildProcess | undefined }}
 */
export function supervise(name, start, options) {
  const { limit = 5, withinMs = 60_000, log = console.error, onGiveUp } = options;
  const crashes = [];
  let stopped = false;
  let child;
  const run = () => {
    child = start();
    child.on('exit', (code, signal) => {
      if (stopped) return;
      const now = Date.now();
      crashes.push(now);
      while (crashes.length && crashes[0] < now - withinMs) crashes.shift();
      if (crashes.length >= limit) {
        log(`${name} stopped ${crashes.length} times within ${withinMs / 1000} s; giving up.`);
        onGiveUp();
        return;
      }
      log(`${name} stopped (${signal ?? `exit code ${code}`}); starting it again…`);
      run();
    });
  };
  run();
  return {
    stop() {
      stopped = true;
      child?.kill('SIGTERM');
    },
    current: () => child,
  };
}

/** A node script as a child process with the given environment and output. */
export const node = (args, options) => spawn(process.execPath, args, options);
