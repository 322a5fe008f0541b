/**
 * A header menu opens inside the header, which sticks to the top, so it stays under its button
 * while the page scrolls. Opened in document.body it was placed for the scroll position at
 * opening and realigned only after a scroll: when the page scrolled as it opened (a reload
 * restoring the scroll position), the menu sat off its button and moved under the pointer, and a
 * click on "Log out" was lost.
 */
export const inHeader = (trigger: HTMLElement): HTMLElement =>
  trigger.parentElement ?? document.body;
