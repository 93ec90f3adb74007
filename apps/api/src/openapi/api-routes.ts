import { AUDIT_ROUTES } from '../audit/audit.openapi';
import { AUTH_ROUTES } from '../auth/auth.openapi';
import { BATCH_ROUTES } from '../batches/batches.openapi';
import { DELIVERY_ROUTES } from '../deliveries/deliveries.openapi';
import { FOLLOW_ROUTES } from '../follows/follows.openapi';
import { CHECK_ROUTES } from '../checks/checks.openapi';
import { EXPORT_ROUTES } from '../exports/exports.openapi';
import { FILE_ROUTES } from '../files/files.openapi';
import { HEADER_GUARD_ROUTES } from '../header-guard/header-guard.openapi';
import { HEALTH_ROUTES } from '../health/health.openapi';
import { MAPPING_ROUTES } from '../mappings/mappings.openapi';
import { PRICE_LIST_ROUTES } from '../price-lists/price-lists.openapi';
import { PRICE_VERSION_ROUTES } from '../price-lists/price-versions.openapi';
import { PRICE_SOURCE_ROUTES } from '../price-lists/price-sources.openapi';
import { PROFILE_ROUTES } from '../profiles/profiles.openapi';
import { TASK_ROUTES } from '../tasks/tasks.openapi';
import { USER_ROUTES } from '../users/users.openapi';
import { OPENAPI_ROUTES } from './openapi.openapi';
import type { RouteDoc } from './route-doc';

/**
 * Every route the API serves, as the OpenAPI document describes it: each feature's list from its
 * `<feature>.openapi.ts`. A new feature adds its list here; test/api/openapi.test.ts fails while
 * a route the API serves has no entry (or an entry names no route).
 */
export const API_ROUTES: readonly RouteDoc[] = [
  ...TASK_ROUTES,
  ...FILE_ROUTES,
  ...EXPORT_ROUTES,
  ...CHECK_ROUTES,
  ...BATCH_ROUTES,
  ...DELIVERY_ROUTES,
  ...FOLLOW_ROUTES,
  ...HEADER_GUARD_ROUTES,
  ...PRICE_LIST_ROUTES,
  ...PRICE_VERSION_ROUTES,
  ...PRICE_SOURCE_ROUTES,
  ...PROFILE_ROUTES,
  ...MAPPING_ROUTES,
  ...AUTH_ROUTES,
  ...USER_ROUTES,
  ...AUDIT_ROUTES,
  ...HEALTH_ROUTES,
  ...OPENAPI_ROUTES,
];
