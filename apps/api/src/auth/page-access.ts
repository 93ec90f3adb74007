import type { NextFunction, Request, Response } from 'express';
import { AUTH_ERR, ERR, outageMessage, roleAtLeast, signInPath, type Role } from '@app/contracts';
import type { PrincipalResolver } from './principal-resolver';

/** A browser asking for the page itself: not the page's own calls (`…/api/…`), not a script. */
const asksForPage = (req: Request): boolean => req.method === 'GET' && !req.path.startsWith('/api/') && req.accepts(['json', 'html']) === 'html';

/**
 * Express middleware for the pages the API serves beside the web app (Bull Board, the API
 * reference): a signed-in user of at least `role`, through the same session or personal token as
 * the API (DESIGN §13). A browser that is not signed in is sent to the sign-in page and back;
 * anything else gets the API's own 401/403 bodies.
 */
export function pageAccess(principals: PrincipalResolver, role: Role) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const principal = await principals.resolve(req);
      if (!principal) {
        if (asksForPage(req)) return res.redirect(302, signInPath(req.originalUrl));
        res.status(401).json({ error: AUTH_ERR.signInRequired });
        return;
      }
      if (principal.mustChangePassword) res.status(403).json({ error: AUTH_ERR.mustChangePassword });
      else if (!roleAtLeast(principal.role, role)) res.status(403).json({ error: AUTH_ERR.forbidden });
      else next();
    } catch (error) {
      const outage = outageMessage(error);
      res.status(outage ? 503 : 500).json({ error: outage ?? ERR.internal });
    }
  };
}
