let requested = false;

/**
 * Asks the dashboard's settings button to open the drawer when it appears (the light sign-in
 * page's settings button brings the dashboard in).
 */
export const requestSettingsOpen = (): void => {
  requested = true;
};

/** Read while rendering; cleared once a button has mounted (a render may be thrown away). */
export const settingsOpenRequested = (): boolean => requested;
export const clearSettingsOpenRequest = (): void => {
  requested = false;
};
