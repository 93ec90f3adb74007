import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions, repositoryProviders } from '@app/persistence';
import type { AppConfig } from '@app/config';
import { APP_CONFIG } from '@app/config';

/**
 * TypeORM over PostgreSQL, and the repositories the services use; migrations are run by main.ts
 * before the app starts, never synchronize.
 */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => dataSourceOptions(config.DATABASE_URL),
    }),
  ],
  providers: repositoryProviders(),
  exports: repositoryProviders().map((p) => p.provide),
})
export class DatabaseModule {}
