// Minimal typings for the untyped CommonJS packages the server and its tests use (json-server
// 0.17, lodash's per-method modules). Only what we call is declared.

declare module 'json-server' {
  import type { Router } from 'express';

  const jsonServer: {
    /** json-server's REST router over an in-memory copy of `state` (used as a test oracle). */
    router(state: Record<string, unknown[]>): Router;
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
