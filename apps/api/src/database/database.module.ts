import { Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions, repositoryProviders } from '@app/persistence';
import type { AppConfig } from '@app/config';
import { APP_CONFIG } from '@app/config';

const idleLog = new Logger('PostgreSQL');

/**
 * TypeORM over PostgreSQL, and the repositories the services use; migrations are run by main.ts
 * before the app starts, never synchronize.
 */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => dataSourceOptions(config.DATABASE_URL, { onIdleError: (error) => idleLog.warn(`an idle database connection failed; the pool opens another when needed: ${error.message}`) }),
    }),
  ],
  providers: repositoryProviders(),
  exports: repositoryProviders().map((p) => p.provide),
})
export class DatabaseModule {}
