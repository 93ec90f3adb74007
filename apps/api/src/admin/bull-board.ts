import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Express, NextFunction, Request, Response } from 'express';
import type { Queue } from 'bullmq';
import { AUTH_ERR, ERR, UI, isOutage } from '@app/contracts';
import type { PrincipalResolver } from '../auth/principal-resolver';
import { sameOriginOnly } from '../common/same-origin.guard';

export const BULL_BOARD_PATH = '/admin/queues';

/**
 * Bull Board is for admins (DESIGN §13), through the same session or personal token as the API.
 * A browser that is not signed in is sent to the sign-in page and back; the board's own calls get
 * the API's 401/403 bodies.
 */
export function adminOnly(principals: PrincipalResolver) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    try {
      const principal = await principals.resolve(req);
      if (!principal) {
        const page = req.method === 'GET' && !req.path.startsWith('/api/') && req.accepts(['json', 'html']) === 'html';
        if (page) return res.redirect(302, `/login?next=${encodeURIComponent(req.originalUrl)}`);
        res.status(401).json({ error: AUTH_ERR.signInRequired });
        return;
      }
      if (principal.mustChangePassword) res.status(403).json({ error: AUTH_ERR.mustChangePassword });
      else if (principal.role !== 'admin') res.status(403).json({ error: AUTH_ERR.forbidden });
      else next();
    } catch (error) {
      res.status(isOutage(error) ? 503 : 500).json({ error: isOutage(error) ? ERR.serviceUnavailable : ERR.internal });
    }
  };
}

/** Bull Board at /admin/queues, watching the very Queue instance (and prefix) the API produces to. */
export function mountBullBoard(app: Express, queues: Queue[], principals: PrincipalResolver): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: UI.productName } },
  });
  app.use(BULL_BOARD_PATH, sameOriginOnly, adminOnly(principals), serverAdapter.getRouter());
}
