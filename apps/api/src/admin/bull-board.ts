import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Express, NextFunction, Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import type { Queue } from 'bullmq';
import { ERR, UI } from '@app/contracts';
import { loginLimiter } from './login-limiter';

export const BULL_BOARD_PATH = '/admin/queues';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Basic auth in front of the board: wrong or missing credentials get 401. */
export function basicAuth(user: string, password: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization ?? '';
    const [scheme, encoded] = header.split(' ');
    if (scheme === 'Basic' && encoded) {
      const decoded = Buffer.from(encoded, 'base64').toString('utf8');
      const sep = decoded.indexOf(':');
      if (sep > 0 && same(decoded.slice(0, sep), user) && same(decoded.slice(sep + 1), password)) return next();
    }
    res.setHeader('WWW-Authenticate', 'Basic realm="Bull Board", charset="UTF-8"');
    res.status(401).json({ error: ERR.authRequired });
  };
}

/** Bull Board at /admin/queues, watching the very Queue instance (and prefix) the API produces to. */
export function mountBullBoard(app: Express, queues: Queue[], user: string, password: string): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: UI.productName } },
  });
  app.use(BULL_BOARD_PATH, loginLimiter(), basicAuth(user, password), serverAdapter.getRouter());
}
