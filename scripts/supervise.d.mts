import type { ChildProcess, SpawnOptions } from 'node:child_process';

export function supervise(
  name: string,
  start: () => ChildProcess,
  options: {
    limit?: number;
    withinMs?: number;
    log?: (line: string) => void;
    onGiveUp: () => void;
  },
): { stop(): void; current(): ChildProcess | undefined };

export function node(args: string[], options: SpawnOptions): ChildProcess;
