/**
 * Where antd's CSS-in-JS puts its style tags: an element of its own at the start of <head>.
 * On every component mount antd looks for its tag among the container's children (rc-util's
 * updateCSS); in <head> itself that also meant ~100 module-preload links each time, ~0.5 s of a
 * list's first load on a mid-range phone. At the start of <head>, antd's rules still come before
 * the dashboard's own stylesheet, as before.
 */
export function antdStyleContainer(): Element {
  const found = document.head.querySelector('stay-antd-styles');
  if (found) return found;
  const container = document.createElement('stay-antd-styles');
  document.head.prepend(container);
  return container;
}
