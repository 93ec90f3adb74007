// A real OpenID Connect provider for the single sign-on test: panva's oidc-provider (the certified
// server library) with its development sign-in pages, on a loopback port. An ES module, so it runs
// as a process of its own beside the jest test that starts it:
//   node test/support/oidc-provider.mjs <port> <client_id> <client_secret> <redirect_uri> [<left_file>]
// It prints {"issuer": …} once it listens. Any login signs in; a login starting with "boss" is in
// the group pe-admins, unless <left_file> (read at each sign-in) lists it as having left: a JSON
// array of logins.
import { existsSync, readFileSync } from 'node:fs';
import Provider from 'oidc-provider';

const [port, clientId, clientSecret, redirectUri, leftFile] = process.argv.slice(2);
const hasLeft = (id) => !!leftFile && existsSync(leftFile) && JSON.parse(readFileSync(leftFile, 'utf8')).includes(id);
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
  ],
  pkce: { required: () => true },
  // The profile's claims in the ID token itself, as most company providers send them.
  conformIdTokenClaims: false,
  claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'groups'], email: ['email'] },
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({
      sub: `subject-${id}`,
      preferred_username: id,
      name: `Сотрудник ${id}`,
      email: `${id}@example.com`,
      groups: id.startsWith('boss') && !hasLeft(id) ? ['pe-admins', 'everyone'] : ['everyone'],
    }),
  }),
  cookies: { keys: ['single-sign-on-test-only'] },
  features: { devInteractions: { enabled: true } },
});
provider.on('server_error', (_ctx, error) => process.stderr.write(`provider error: ${error.stack}\n`));

provider.listen(Number(port), '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ issuer })}\n`));
process.on('SIGTERM', () => process.exit(0));
