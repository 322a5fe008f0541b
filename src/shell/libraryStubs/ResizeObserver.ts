/**
 * rc-resize-observer's polyfill (resize-observer-polyfill, see vite.config.ts): every browser the
 * dashboard supports has ResizeObserver.
 */
export default globalThis.ResizeObserver;
