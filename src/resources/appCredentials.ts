/** The credential fields an app may ask for (spec §3), in the spec's order. */
export const CREDENTIAL_FIELDS = [
  'key',
  'secret',
  'access_token',
  'username',
  'password',
  'token',
] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];
