import { DataSource } from 'typeorm';
import { ExportsRepository } from './exports.repository';
import { ProfilesRepository } from './profiles.repository';
import { RulesRepository } from './rules.repository';
import { TasksRepository } from './tasks.repository';
import { UnownedObjectsRepository } from './unowned-objects.repository';
import { UsersRepository } from './users.repository';
import { SessionsRepository } from './sessions.repository';
import { SignInThrottleRepository } from './sign-in-throttle.repository';
import { ApiTokensRepository } from './api-tokens.repository';
import { AuditRepository } from './audit.repository';
import { SsoLoginsRepository } from './sso-logins.repository';
import { BatchesRepository } from './batches.repository';
import { BatchRowsRepository } from './batch-rows.repository';
import { PriceListsRepository } from './price-lists.repository';
import { PriceListVersionsRepository } from './price-list-versions.repository';
import { PriceListSourcesRepository } from './price-list-sources.repository';
import { DeliveriesRepository } from './deliveries.repository';
import { NoticesRepository } from './notices.repository';
import { FollowersRepository } from './followers.repository';

/** Nest providers of the repositories, built on the app's TypeORM DataSource. */
export function repositoryProviders() {
  return [
    TasksRepository,
    RulesRepository,
    ProfilesRepository,
    ExportsRepository,
    UnownedObjectsRepository,
    UsersRepository,
    SessionsRepository,
    SignInThrottleRepository,
    ApiTokensRepository,
    AuditRepository,
    SsoLoginsRepository,
    BatchesRepository,
    BatchRowsRepository,
    PriceListsRepository,
    PriceListVersionsRepository,
    PriceListSourcesRepository,
    DeliveriesRepository,
    NoticesRepository,
    FollowersRepository,
  ].map((repository) => ({
    provide: repository,
    inject: [DataSource],
    useFactory: (db: DataSource) => new repository(db),
  }));
}
