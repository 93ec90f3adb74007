import { AUTH_ERR, AUTH_LIMITS, ERR, SESSION_COOKIE, TOKEN_PREFIX } from '@app/contracts';

/** The document's opening (Markdown): what holds for every route. */
export const API_INTRO = `
JSON under \`/api\`. The web app is a client of exactly these routes; scripts may call them too.

**Signing in.** Every route but health, the sign-in page's and single sign-on's needs a signed-in
user: the \`${SESSION_COOKIE}\` cookie that \`POST /api/auth/sign-in\` sets (it ends after
${AUTH_LIMITS.sessionIdleHours} h unused, or ${AUTH_LIMITS.sessionMaxDays} days after sign-in), or a
personal token for scripts, \`Authorization: Bearer ${TOKEN_PREFIX}…\` (\`POST /api/auth/tokens\`), which
acts with its owner's role until it is revoked. Without one a route answers 401 \`${AUTH_ERR.signInRequired}\`.
Each route says who may call it: roles are \`viewer\` (reads), \`staff\` (also changes tasks, files,
rules and makes exports) and \`admin\` (also users, the audit log and deleting profiles); a lower
role gets 403 \`${AUTH_ERR.forbidden}\`, and a user whose password is still temporary gets 403
\`${AUTH_ERR.mustChangePassword}\` everywhere but \`/api/auth/*\`. Every change is written to the
audit log (\`/api/audit\`) with who made it.

**Errors.** Every error answer is \`{"error": "<message>"}\`: a Russian text meant for the user,
shown as it is; no stack, SQL or path ever reaches it. Each route lists its texts by status.
What any route may also answer:

- 503 \`${ERR.serviceUnavailable}\` while PostgreSQL or the storage cannot be reached, and for a
  request that comes while the API is stopping (those it already has finish); the queue's own 503
  is \`${ERR.queueUnavailable}\`;
- 403 \`${ERR.crossSite}\` for a state-changing call (POST, PUT, PATCH, DELETE) made by a page of
  another site in a user's browser; calls from scripts and tools are not affected;
- 400 \`${ERR.badJson}\` and 413 \`${ERR.bodyTooLarge}\` for a JSON body that cannot be read;
- 404 \`${ERR.notFound}\` for a path that is no route; 500 \`${ERR.internal}\` when something
  unexpected failed (it is logged).

**Versions.** Every task answer has \`version\`, an integer raised by each save (not by uploads),
and so does every rule profile (raised by a change of its rules or headers, not by a rename). A
save that sends the \`version\` it was edited from is refused with 409 \`${ERR.taskChanged}\`
(\`${ERR.profileChanged}\` for a profile) when it was saved meanwhile; without \`version\` a save
always applies.

**Ids.** A path id that is not a uuid cannot name anything and is answered 404 like an unknown one.
`.trim();
