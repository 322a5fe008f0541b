// jsdom ships no types and @types/jsdom is not a dependency: what formio-render.test.ts calls.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string; pretendToBeVisual?: boolean });
    readonly window: Window & typeof globalThis;
  }
}
