// Minimal typings for the untyped CommonJS packages the server uses (json-server 0.17 and the
// lowdb 1 inside it ship no types). Only what we call is declared.

declare module 'lowdb' {
  /** A lowdb 1 adapter: synchronous here, so every write has finished when `write()` returns. */
  export interface SyncAdapter<State> {
    read(): State;
    write(state: State): void;
  }
  /** The lowdb 1 instance (a lodash chain); we only touch its state and write it. */
  export interface LowDb<State> {
    getState(): State;
    setState(state: State): LowDb<State>;
    write(): void;
  }
  export default function low<State>(adapter: SyncAdapter<State>): LowDb<State>;
}

declare module 'json-server' {
  import type { Request, Response, Router } from 'express';
  import type { LowDb } from 'lowdb';

  export interface JsonServerRouter<State> extends Router {
    db: LowDb<State>;
    /** Sends `res.locals.data`; json-server calls it for every answer it builds. */
    render(req: Request, res: Response): void;
  }
  const jsonServer: {
    router<State>(db: LowDb<State>): JsonServerRouter<State>;
  };
  export default jsonServer;
}

declare module 'lodash/escapeRegExp.js' {
  export default function escapeRegExp(value: string): string;
}

declare module 'lodash/escape.js' {
  export default function escape(value: string): string;
}

declare module 'lodash/toPath.js' {
  /** Splits a lodash property path: `a.b[0]`, `['a']` -> segments. */
  export default function toPath(value: string): string[];
}

declare module 'lodash/get.js' {
  /** Reads a (dotted) path of an object, as json-server's filters do. */
  export default function get(object: unknown, path: string): unknown;
}

declare module 'lodash/cloneDeep.js' {
  export default function cloneDeep<T>(value: T): T;
}
