import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import escapeRegExp from 'lodash/escapeRegExp.js';
import { answerFor, HttpError, sendError } from './errors';
import { HOTEL_HEADER } from '../../src/schema/user';

/**
 * Paths whose request bodies are not JSON and so are exempt from the 415 rule: the multipart
 * `/uploads` route (a cross-site form post still gets nowhere: it cannot send the bearer token).
 */
export const NON_JSON_BODY_PATHS: readonly string[] = ['/uploads'];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const hasBody = (req: Request): boolean => {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
};

/**
 * A non-JSON body would reach json-server as a form and create a junk record; refuse it before
 * anything parses it. Also keeps cross-site "simple" form posts out (they cannot send JSON).
 */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  if (!BODY_METHODS.has(req.method) || NON_JSON_BODY_PATHS.includes(req.path) || !hasBody(req)) {
    next();
    return;
  }
  next(
    req.is('application/json')
      ? undefined
      : new HttpError(415, 'Content-Type must be application/json'),
  );
};

/**
 * How deep a JSON body may nest (a Form.io form's panels and columns stay far below): deeper is
 * refused (400) before any recursive code (validation, cloning, the store) could overflow.
 */
export const MAX_BODY_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (text: string) =>
  LONE_SURROGATE.test(text) ? text.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD') : text;

/**
 * A parsed JSON body as the stores can keep it: at most MAX_BODY_DEPTH levels deep (400 past
 * that), and every text well-formed. JSON may escape half of a UTF-16 pair (`"\ud800"`), which
 * PostgreSQL's jsonb refuses; such a lone half becomes U+FFFD, in keys and values alike, so both
 * stores keep the same text. Walks with its own stack: no recursion on hostile input.
 */
export const wellFormedBody: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body;
  if (typeof body === 'string') {
    req.body = wellFormed(body);
  } else if (typeof body === 'object' && body !== null) {
    const stack: [Record<string, unknown> | unknown[], number][] = [
      [body as Record<string, unknown>, 1],
    ];
    while (stack.length) {
      const [node, depth] = stack.pop()!;
      if (depth > MAX_BODY_DEPTH) {
        next(
          new HttpError(
            400,
            `Request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels)`,
          ),
        );
        return;
      }
      for (const key of Object.keys(node)) {
        const value = (node as Record<string, unknown>)[key];
        const fixed = typeof value === 'string' ? wellFormed(value) : value;
        if (!Array.isArray(node) && LONE_SURROGATE.test(key)) {
          delete node[key];
          node[wellFormed(key)] = fixed;
        } else if (fixed !== value) {
          (node as Record<string, unknown>)[key] = fixed;
        }
        if (typeof fixed === 'object' && fixed !== null) {
          stack.push([fixed as Record<string, unknown>, depth + 1]);
        }
      }
    }
  }
  next();
};

/**
 * Headers on every API answer: no MIME sniffing, no Referer, never framed (no answer is a page
 * to show). Answers to a signed-in caller, and sign-in itself, are never kept in a cache.
 */
export const securityHeaders: RequestHandler = (req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Content-Security-Policy', "frame-ancestors 'none'");
  res.setHeader('X-Frame-Options', 'DENY');
  if (req.headers.authorization !== undefined || /^\/auth(\/|$)/.test(req.path)) {
    res.setHeader('Cache-Control', 'no-store');
  }
  next();
};

/**
 * A path with a malformed percent-escape (`/amenities/%zz`) names no resource: answer 400 before
 * a route decodes it (Express's parameter decoding throws a URIError, which would be a 500).
 */
export const requireDecodablePath: RequestHandler = (req, _res, next) => {
  try {
    decodeURIComponent(req.path);
  } catch {
    next(new HttpError(400, 'Bad request'));
    return;
  }
  next();
};

/** CORS for the configured dashboard origins only; requests without Origin pass untouched. */
export function cors(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin === undefined) {
      next();
      return;
    }
    res.vary('Origin');
    if (!allowed.has(origin)) {
      next();
      return;
    }
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, X-Access-Token');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.setHeader('Access-Control-Allow-Methods', 'GET,HEAD,POST,PUT,PATCH,DELETE');
      res.setHeader('Access-Control-Allow-Headers', `Authorization, Content-Type, ${HOTEL_HEADER}`);
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}

/** Longest accepted `<field>_like` value. */
export const LIKE_MAX_LENGTH = 200;
/** json-server parameters that are never passed on: `_embed`/`_expand` join other collections
 * without any access check (DESIGN §5) and `_delay` would let a caller hold a request open. */
const STRIPPED_PARAMS = ['_embed', '_expand', '_delay'];
/** json-server reads these as single strings (`_sort.split`); an array would make it throw. */
const SINGLE_VALUE_PARAMS = new Set(['_start', '_end', '_limit', '_page', '_sort', '_order', 'q']);

/**
 * Makes the query safe for json-server: `_like` becomes an escaped, bounded literal (json-server
 * compiles it as a RegExp, so `(` would throw and `(a+)+$` could hang), and shapes json-server
 * would choke on are refused with 400 instead of a 500.
 */
export const sanitizeQuery: RequestHandler = (req, _res, next) => {
  const query = req.query as Record<string, unknown>;
  for (const key of Object.keys(query)) {
    if (STRIPPED_PARAMS.includes(key)) {
      delete query[key];
      continue;
    }
    const value = query[key];
    const values = Array.isArray(value) ? (value as unknown[]) : [value];
    const strings = values.filter((item): item is string => typeof item === 'string');
    if (strings.length !== values.length || (values.length > 1 && SINGLE_VALUE_PARAMS.has(key))) {
      throw new HttpError(400, `Invalid query parameter "${key}"`);
    }
    if (key.endsWith('_like')) {
      if (strings.some((item) => item.length > LIKE_MAX_LENGTH)) {
        throw new HttpError(
          400,
          `Query parameter "${key}" is too long (at most ${LIKE_MAX_LENGTH} characters)`,
        );
      }
      const escaped = strings.map((item) => escapeRegExp(item));
      query[key] = Array.isArray(value) ? escaped : escaped[0];
    }
  }
  next();
};

/** Compact access log, off unless LOG_REQUESTS=1. */
export const requestLogger: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)}ms`);
  });
  next();
};

export const notFound: RequestHandler = (_req, res) => {
  sendError(res, new HttpError(404, 'Not found'));
};

/** Turns anything thrown into the JSON error body; never a stack trace or an HTML page. */
export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (res.headersSent) {
    next(error); // Express can only close the connection now.
    return;
  }
  sendError(res, toHttpError(error));
};

function toHttpError(error: unknown): HttpError {
  const known = answerFor(error);
  if (known) return known;
  // Express's route parameter decoding (`/:id` = `%E0%A4%A`); its message echoes the input.
  if (error instanceof URIError) return new HttpError(400, 'Bad request');
  // body-parser errors carry a `type` and an http-errors `status`.
  const { type, status, expose, message } = (error ?? {}) as {
    type?: unknown;
    status?: unknown;
    expose?: unknown;
    message?: unknown;
  };
  if (type === 'entity.parse.failed') return new HttpError(400, 'Malformed JSON body');
  if (type === 'entity.too.large') return new HttpError(413, 'Request body too large');
  if (typeof status === 'number' && status >= 400 && status < 500 && expose === true) {
    return new HttpError(status, typeof message === 'string' ? message : 'Bad request');
  }
  console.error(error);
  return new HttpError(500, 'Something went wrong');
}
