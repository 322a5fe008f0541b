import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A local OAuth 2 provider (oauth2-mock-server) for the catalogue's OAuth app: `npm start` runs
 * one so the demo connects end to end without the internet, and the tests run one to prove the
 * real flow (PKCE, token exchange, refresh, revocation). Its authorize endpoint consents at once.
 */
export async function startOAuthProvider(port: number, host = 'localhost'): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, host);
  return server;
}
