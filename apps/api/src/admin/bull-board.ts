import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { AfterHook } from '@bull-board/api/typings/app';
import type { Express } from 'express';
import type { Queue } from 'bullmq';
import { UI } from '@app/contracts';
import { pageAccess } from '../auth/page-access';
import type { PrincipalResolver } from '../auth/principal-resolver';
import { sameOriginOnly } from '../common/same-origin.guard';
import { jobLabel, labelFlow, queueLabel } from './job-labels';

export const BULL_BOARD_PATH = '/admin/queues';

/** Bull Board's call for a job's flow: a batch's parent and its children (DESIGN §12). */
const FLOW_ROUTE = '/api/queues/:queueName/:jobId/flow';

/** A flow's nodes carry the jobs' raw names: they get the names the job lists show. */
const labelFlows: AfterHook = (context, result) => {
  const body = result.body as { flowRoot?: Parameters<typeof labelFlow>[0] | null };
  if (context.route !== FLOW_ROUTE || !body.flowRoot) return result;
  return { ...result, body: { ...body, flowRoot: labelFlow(body.flowRoot) } };
};

/**
 * Bull Board at /admin/queues, watching the very Queue instance (and prefix) the API produces to;
 * for admins only (DESIGN §13), its own calls included. In Russian: each queue with its own name and
 * description (`Почта` is not the export queue), each job named by its kind and what it works on
 * (`Выгрузка · <id>`, `Пакет · <id>`), in the lists and in a batch's tree.
 */
export function mountBullBoard(app: Express, queues: Queue[], principals: PrincipalResolver): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(BULL_BOARD_PATH);
  const adapters = queues.map((q) => {
    const adapter = new BullMQAdapter(q, queueLabel(q.name));
    adapter.setFormatter('name', jobLabel);
    return adapter;
  });
  createBullBoard({
    queues: adapters,
    serverAdapter,
    options: { uiConfig: { boardTitle: UI.productName, locale: { lng: 'ru-RU' } }, handlerHooks: { after: labelFlows } },
  });
  app.use(BULL_BOARD_PATH, sameOriginOnly, pageAccess(principals, 'admin'), serverAdapter.getRouter());
}
