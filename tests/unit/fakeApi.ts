import { vi } from 'vitest';

/**
 * A stand-in for the API behind the dashboard's HTTP client (fetch, and XMLHttpRequest for
 * uploads with progress): it answers what a test says the server would, and keeps what it
 * received so tests can check what reached "the server".
 */
export interface Received {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** A JSON body, parsed. */
  json?: unknown;
  form?: FormData;
}

export interface FakeAnswer {
  status: number;
  /** Sent as JSON; a string is sent as it is (a proxy's HTML page). */
  data: unknown;
  headers?: Record<string, string>;
}

export function installFakeApi() {
  const received: Received[] = [];
  let answer: (request: Received) => FakeAnswer | Promise<FakeAnswer> = () => ({
    status: 404,
    data: [],
  });

  const receive = (method: string, url: string, headers: Record<string, string>, body: unknown) => {
    const request: Received = {
      method: method.toUpperCase(),
      url,
      headers,
      form: body instanceof FormData ? body : undefined,
      json: typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined,
    };
    received.push(request);
    return request;
  };
  const text = (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data));

  const fakeFetch = async (url: string, init: RequestInit = {}) => {
    const request = receive(
      init.method ?? 'GET',
      url,
      { ...(init.headers as Record<string, string>) },
      init.body,
    );
    const { status, data, headers } = await answer(request);
    return new Response(status === 204 ? null : text(data), { status, headers });
  };

  // What a browser's XMLHttpRequest offers and both our client and axios's XHR adapter (the data
  // provider's) use.
  class FakeXhr {
    status = 0;
    statusText = '';
    readyState = 0;
    responseText = '';
    response = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onloadend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private answered: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getAllResponseHeaders() {
      return Object.entries(this.answered)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      const request = receive(this.method, this.url, this.headers, body);
      void Promise.resolve(answer(request)).then(({ status, data, headers }) => {
        this.upload.onprogress?.(
          new ProgressEvent('progress', { lengthComputable: true, loaded: 1, total: 1 }),
        );
        this.status = status;
        this.responseText = this.response = status === 204 ? '' : text(data);
        this.answered = headers ?? {};
        this.readyState = 4;
        this.onload?.();
        this.onloadend?.();
      });
    }
  }

  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    received,
    answer: (next: typeof answer) => {
      answer = next;
    },
    reset: () => {
      received.length = 0;
      answer = () => ({ status: 404, data: [] });
    },
    uninstall: () => vi.unstubAllGlobals(),
  };
}
