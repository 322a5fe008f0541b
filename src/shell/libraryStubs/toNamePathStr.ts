/**
 * What antd's Radio.Group takes from antd's form hooks (see vite.config.ts): the same id from a
 * form item's name. Importing that module brought rc-field-form's form store (~4 kB gzip) into
 * every list, whose table imports Radio for its row selection.
 */
export function toNamePathStr(name: unknown): string {
  if (name === undefined || name === false) return '';
  return (Array.isArray(name) ? name : [name]).join('_');
}
