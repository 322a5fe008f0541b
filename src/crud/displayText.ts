export { displayText, type DisplayContext } from '../schema/kinds';

/**
 * A cell a spreadsheet will not run: text starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return is a formula to Excel and LibreOffice (OWASP "CSV injection"), so it gets a leading `'`.
 */
export function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
