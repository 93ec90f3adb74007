import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Express } from 'express';
import type { Queue } from 'bullmq';
import { UI } from '@app/contracts';
import { pageAccess } from '../auth/page-access';
import type { PrincipalResolver } from '../auth/principal-resolver';
import { sameOriginOnly } from '../common/same-origin.guard';

export const BULL_BOARD_PATH = '/admin/queues';

/**
 * Bull Board at /admin/queues, watching the very Queue instance (and prefix) the API produces to;
 * for admins only (DESIGN §13), its own calls included.
 */
export function mountBullBoard(app: Express, queues: Queue[], principals: PrincipalResolver): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: UI.productName } },
  });
  app.use(BULL_BOARD_PATH, sameOriginOnly, pageAccess(principals, 'admin'), serverAdapter.getRouter());
}
