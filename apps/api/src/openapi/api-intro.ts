import { ERR } from '@app/contracts';

/** The document's opening (Markdown): what holds for every route. */
export const API_INTRO = `
JSON under \`/api\`. The web app is a client of exactly these routes; scripts may call them too.

**Errors.** Every error answer is \`{"error": "<message>"}\`: a Russian text meant for the user,
shown as it is; no stack, SQL or path ever reaches it. Each route lists its texts by status.
What any route may also answer:

- 503 \`${ERR.serviceUnavailable}\` while PostgreSQL or the storage cannot be reached (the queue's
  own 503 is \`${ERR.queueUnavailable}\`);
- 403 \`${ERR.crossSite}\` for a state-changing call (POST, PUT, PATCH, DELETE) made by a page of
  another site in a user's browser; calls from scripts and tools are not affected;
- 400 \`${ERR.badJson}\` and 413 \`${ERR.bodyTooLarge}\` for a JSON body that cannot be read;
- 404 \`${ERR.notFound}\` for a path that is no route; 500 \`${ERR.internal}\` when something
  unexpected failed (it is logged).

**Versions of a task.** Every task answer has \`version\`, an integer raised by each save (not by
uploads). A save that sends the \`version\` it was edited from is refused with 409
\`${ERR.taskChanged}\` when the task was saved meanwhile; without \`version\` a save always applies.

**Ids.** A path id that is not a uuid cannot name anything and is answered 404 like an unknown one.
`.trim();
