import { z } from 'zod';
import { ERR } from '@app/contracts';
import { RESPONSE_SCHEMAS as R } from '@app/contracts/response-schemas';
import type { RouteDoc } from '../openapi/route-doc';

export const HEALTH_ROUTES: RouteDoc[] = [
  {
    method: 'get',
    path: '/api/health',
    tag: 'health',
    summary: 'Whether PostgreSQL, Redis, the storage and the workers are there',
    description: "`workers`: this instance's workers connected to the queue. For load balancers' and containers' health checks.",
    answers: [
      { status: 200, description: '`ok`, or `starting` while no worker of this instance has connected yet', json: R.HealthResponse },
      {
        status: 503,
        description: `a part is down (named), or every worker is gone; while the API is stopping, \`{"error": "${ERR.serviceUnavailable}"}\``,
        json: z.union([R.HealthResponse, R.ApiError]),
      },
    ],
  },
];
