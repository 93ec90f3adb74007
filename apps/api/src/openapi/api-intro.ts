import { AUTH_ERR, AUTH_LIMITS, ERR, JSON_BODY_LIMITS, SESSION_COOKIE, TOKEN_PREFIX } from '@app/contracts';

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

- 503 \`${ERR.databaseUnavailable}\` when a request meets a database error (PostgreSQL unreachable,
  a dropped connection, a server shutting down), never 500; \`${ERR.storageUnavailable}\` when the
  storage cannot be reached, at once for generate and check while it is known to be down (its last
  call or health probe failed in the last 10 s); \`${ERR.serviceUnavailable}\` for a request that
  comes while the API is stopping (those it already has finish); the queue's own 503 is
  \`${ERR.queueUnavailable}\`;
- 403 \`${ERR.crossSite}\` for a state-changing call (POST, PUT, PATCH, DELETE) made by a page of
  another site in a user's browser; calls from scripts and tools are not affected;
- 400 \`${ERR.badJson}\` for a JSON body that cannot be read, and 413 \`${ERR.bodyTooLarge}\` for one
  larger than the route reads: ${JSON_BODY_LIMITS.public / 1024} KB for a route anyone may call (sign-in), ${JSON_BODY_LIMITS.other / 1024 / 1024} MB for
  the others, but the task save (\`PATCH /api/tasks/{id}\`, its items) ${Math.round(JSON_BODY_LIMITS.taskSave / 1_000_000)} MB; a body is read only
  once the caller is known, so a call without a session is answered 401 before its body is read;
- 404 \`${ERR.notFound}\` for a path that is no route; 500 \`${ERR.internal}\` when something
  unexpected failed (it is logged).

**Versions.** Every task answer has \`version\`, an integer raised by each save (not by uploads),
and so does every rule profile (raised by a change of its rules or headers, not by a rename). A
save that sends the \`version\` it was edited from is refused with 409 \`${ERR.taskChanged}\`
(\`${ERR.profileChanged}\` for a profile) when it was saved meanwhile; without \`version\` a save
always applies.

**Ids.** A path id that is not a uuid cannot name anything and is answered 404 like an unknown one.
`.trim();
