import { z } from 'zod';
import { AUTH_ERR, AUTH_LIMITS, AUTH_UI, ERR, SESSION_COOKIE, TOKEN_PREFIX } from '@app/contracts';
import { changePasswordSchema, createTokenSchema, signInSchema } from '@app/contracts/auth.schemas';
import { patchMeSchema } from '@app/contracts/delivery.schemas';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import { idParamSchema } from '@app/contracts/schemas';
import { placeholder, type RouteDoc } from '../openapi/route-doc';

const sessionCookie = { 'Set-Cookie': `\`${SESSION_COOKIE}=…; HttpOnly; SameSite=Lax\` (Secure when PUBLIC_URL is https, or the request came over HTTPS)` };
const ssoNotConfigured = { 404: [AUTH_ERR.ssoNotConfigured] };

export const AUTH_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/auth/options',
    tag: 'auth',
    summary: 'What the sign-in page offers',
    description: '`sso` names the single sign-on button and where it starts; null when single sign-on is not set up.',
    answers: [{ status: 200, description: 'the options', json: R.AuthOptions }],
  },
  {
    method: 'post',
    path: '/api/auth/sign-in',
    tag: 'auth',
    summary: `«${AUTH_UI.signIn}»: sign in with a login and password`,
    description: [
      `Opens a session (it ends after ${AUTH_LIMITS.sessionIdleHours} h unused, or ${AUTH_LIMITS.sessionMaxDays} days after sign-in) and sets its cookie. A wrong login and a wrong password get the same answer after the same time.`,
      `${AUTH_LIMITS.signInFailures} failures for one login or one address within ${AUTH_LIMITS.signInWindowMinutes} minutes: 429 until the window has passed.`,
    ].join('\n\n'),
    body: { schema: signInSchema, example: { login: 'ivanova', password: 'correct horse battery' } },
    answers: [{ status: 200, description: 'the signed-in user', json: R.MeResponse, headers: sessionCookie }],
    errors: { 400: [ERR.badRequest], 401: [AUTH_ERR.badCredentials], 429: [AUTH_ERR.tooManySignIns(placeholder<number>('minutes'))] },
  },
  {
    method: 'post',
    path: '/api/auth/sign-out',
    tag: 'auth',
    summary: `«${AUTH_UI.signOut}»: end this session`,
    description: 'Ends the session of the cookie sent, if any, and clears the cookie; answers 204 either way.',
    answers: [{ status: 204, description: 'signed out' }],
  },
  {
    method: 'get',
    path: '/api/auth/me',
    tag: 'auth',
    summary: 'Who is signed in',
    description: '`mustChangePassword: true`: the password is temporary, and every call but these `/api/auth/*` ones answers 403 until it is changed.',
    answers: [{ status: 200, description: 'the signed-in user', json: R.MeResponse }],
  },
  {
    method: 'patch',
    path: '/api/auth/me',
    tag: 'auth',
    summary: `«${AUTH_UI.account}»: one's own e-mail address`,
    description: 'Where notices go (DESIGN §17): held versions and failing sources of the price lists one follows, and the end of one\'s batches. `null` (or an empty string) clears it.',
    body: { schema: patchMeSchema, example: { email: 'ivanova@example.com' }, pipe: { invalid: [{ email: 'ivanova' }] } },
    answers: [{ status: 200, description: 'the user with the address', json: R.MeResponse }],
  },
  {
    method: 'post',
    path: '/api/auth/password',
    tag: 'auth',
    summary: `«${AUTH_UI.changePassword}»: one's own password`,
    description: `The new password is not temporary; the user's other sessions end, this one stays. A wrong current password counts as a failed sign-in of the user's login: ${AUTH_LIMITS.signInFailures} within ${AUTH_LIMITS.signInWindowMinutes} minutes answer 429 here and at sign-in.`,
    body: {
      schema: changePasswordSchema,
      example: { current: 'temporary-1', next: 'a new long password' },
      pipe: { invalid: [{ current: 'temporary-1', next: 'short' }, { next: 'a new long password' }] },
    },
    answers: [{ status: 200, description: 'the user, no longer with a temporary password', json: R.MeResponse }],
    errors: { 400: [AUTH_ERR.wrongCurrentPassword, AUTH_ERR.samePassword], 429: [AUTH_ERR.tooManySignIns(placeholder<number>('minutes'))] },
  },
  {
    method: 'get',
    path: '/api/auth/tokens',
    tag: 'auth',
    summary: `«${AUTH_UI.tokensTitle}»: one's own personal tokens`,
    description: 'Their names and when they were last used; never the tokens themselves.',
    answers: [{ status: 200, description: 'the tokens, newest first', json: z.array(R.ApiTokenInfo) }],
  },
  {
    method: 'post',
    path: '/api/auth/tokens',
    tag: 'auth',
    summary: `«${AUTH_UI.createToken}»: a personal token for scripts`,
    description: `\`Authorization: Bearer ${TOKEN_PREFIX}…\` then acts with its owner's role until it is revoked, or the owner is disabled. Only its hash is stored: the token is in this answer and nowhere else.`,
    body: { schema: createTokenSchema, example: { name: 'выгрузка по расписанию' }, pipe: { invalid: [{ name: '' }, { name: 'я'.repeat(AUTH_LIMITS.tokenNameMax + 1) }] } },
    answers: [{ status: 201, description: 'the new token', json: R.CreatedApiToken }],
  },
  {
    method: 'delete',
    path: '/api/auth/tokens/{id}',
    tag: 'auth',
    summary: `«${AUTH_UI.revokeToken}»: revoke one's own token`,
    params: { id: { schema: idParamSchema, description: "the token's id", notFound: AUTH_ERR.tokenNotFound } },
    answers: [{ status: 204, description: 'revoked: the token signs nobody in any more' }],
  },
  {
    method: 'get',
    path: '/api/auth/oidc/start',
    tag: 'auth',
    summary: 'Single sign-on: go to the provider',
    description: 'For a browser (the sign-in page\'s button): the authorization code flow with PKCE. Back at the callback, the browser is signed in and sent to `next`.',
    query: z.object({ next: z.string().optional().describe("a path of this site to return to after signing in (`/task/…`); anything else returns to `/`") }),
    answers: [{ status: 302, description: "to the provider's sign-in page", headers: { Location: "the provider's authorization URL" } }],
    errors: ssoNotConfigured,
  },
  {
    method: 'get',
    path: '/api/auth/oidc/callback',
    tag: 'auth',
    summary: "Single sign-on: the provider's answer",
    description:
      'Where the provider sends the browser back. The user is found by the provider\'s subject, or created (as `staff`, or `admin` when the `groups` claim holds `OIDC_ADMIN_GROUP`), and signed in; a disabled user, or a failure, is sent back to the sign-in page (`/login?sso=disabled`, `/login?sso=failed`).',
    query: z.object({ code: z.string().optional(), state: z.string().optional() }),
    answers: [{ status: 302, description: 'signed in: back to `next`; else to the sign-in page', headers: { Location: 'where the browser goes' } }],
    errors: ssoNotConfigured,
  },
];
