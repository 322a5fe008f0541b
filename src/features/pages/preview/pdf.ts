import { getDocument, GlobalWorkerOptions, VerbosityLevel } from 'pdfjs-dist';
// The worker is one of our own build's files (no CDN): Vite copies it and answers its address.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/*
 * pdf.js for the page preview. Only PdfPreview imports this module, dynamically, so pdf.js and
 * its worker download the first time a PDF page is previewed and never on other routes.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

/** Sharper on high-density screens, but no larger than twice the shown size. */
const MAX_PIXEL_RATIO = 2;

/** The last file fetched: drawing again (a remount, the type switched back) fetches nothing. */
let lastBytes: { url: string; bytes: Promise<ArrayBuffer> } | undefined;

function bytesOf(url: string): Promise<ArrayBuffer> {
  if (lastBytes?.url === url) return lastBytes.bytes;
  // The API sends PDFs as attachments with a sandboxing CSP: that governs a document opened
  // from the response, not bytes read with fetch. Uploads are public: no token, no cookies.
  // Not aborted with the render: a preview mounted again (or React's strict mode) reuses it.
  const bytes = fetch(url, { credentials: 'omit' }).then((response) => {
    if (!response.ok) throw new Error(`The PDF answered ${response.status}`);
    return response.arrayBuffer();
  });
  lastBytes = { url, bytes };
  bytes.catch(() => {
    if (lastBytes?.bytes === bytes) lastBytes = undefined;
  });
  return bytes;
}

/** What was drawn: a canvas to put in the page and the page's proportions. */
export interface RenderedPage {
  canvas: HTMLCanvasElement;
  width: number;
  height: number;
}

/**
 * Draws the first page of the PDF at `url` on a new canvas `cssWidth` pixels wide (times the
 * screen's pixel ratio). Rejects when the file cannot be fetched or read, or when aborted.
 */
export async function renderFirstPage(
  url: string,
  cssWidth: number,
  signal: AbortSignal,
): Promise<RenderedPage> {
  const data = await bytesOf(url);
  signal.throwIfAborted();
  // pdf.js hands its input to the worker (the buffer is detached): give it a copy.
  const task = getDocument({ data: data.slice(0), verbosity: VerbosityLevel.ERRORS });
  const stop = () => void task.destroy();
  signal.addEventListener('abort', stop);
  try {
    const pdf = await task.promise;
    const page = await pdf.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
    const viewport = page.getViewport({ scale: (cssWidth / natural.width) * ratio });
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.floor(viewport.width));
    canvas.height = Math.max(1, Math.floor(viewport.height));
    const render = page.render({ canvas, viewport });
    const cancel = () => render.cancel();
    signal.addEventListener('abort', cancel);
    try {
      await render.promise;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
    return { canvas, width: natural.width, height: natural.height };
  } finally {
    signal.removeEventListener('abort', stop);
    void task.destroy();
  }
}
