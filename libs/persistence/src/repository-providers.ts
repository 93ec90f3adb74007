import { DataSource } from 'typeorm';
import { ExportsRepository } from './exports.repository';
import { ProfilesRepository } from './profiles.repository';
import { RulesRepository } from './rules.repository';
import { TasksRepository } from './tasks.repository';
import { UnownedObjectsRepository } from './unowned-objects.repository';

/** Nest providers of the repositories, built on the app's TypeORM DataSource. */
export function repositoryProviders() {
  return [TasksRepository, RulesRepository, ProfilesRepository, ExportsRepository, UnownedObjectsRepository].map((repository) => ({
    provide: repository,
    inject: [DataSource],
    useFactory: (db: DataSource) => new repository(db),
  }));
}
