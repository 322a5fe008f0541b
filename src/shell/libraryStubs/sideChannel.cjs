/**
 * Stands in for side-channel in qs (see vite.config.ts), which Refine parses and writes list
 * URLs with: the same get/has/set on a WeakMap (objects) or a Map, without the ~6 kB gzip that
 * side-channel brings for old engines (object-inspect, get-intrinsic, call-bind…).
 */
module.exports = function getSideChannel() {
  const objects = new WeakMap();
  const others = new Map();
  const of = (key) =>
    (typeof key === 'object' && key !== null) || typeof key === 'function' ? objects : others;
  return {
    get: (key) => of(key).get(key),
    has: (key) => of(key).has(key),
    set: (key, value) => {
      of(key).set(key, value);
    },
  };
};
