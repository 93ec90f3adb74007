import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { MulterModule } from '@nestjs/platform-express';
import { LoggerModule } from 'nestjs-pino';
import { tmpdir } from 'node:os';
import type { AppConfig } from '@app/config';
import { StorageService, storageOptions } from '@app/storage';
import { APP_CONFIG } from '@app/config';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { JsonBodyInterceptor } from './common/json-body.interceptor';
import { loggerOptions } from './common/logger-options';
import { DatabaseModule } from './database/database.module';
import { ExportQueueService } from './queue/export-queue.service';
import { HealthController } from './health/health.controller';
import { HealthService } from './health/health.service';
import { TasksController } from './tasks/tasks.controller';
import { TasksService } from './tasks/tasks.service';
import { MappingsController } from './mappings/mappings.controller';
import { MappingsService } from './mappings/mappings.service';
import { ProfilesController } from './profiles/profiles.controller';
import { ProfilesService } from './profiles/profiles.service';
import { FilesController } from './files/files.controller';
import { FilesService } from './files/files.service';
import { UploadsService } from './files/uploads.service';
import { UploadStorer } from './files/upload-storer';
import { UploadInspector } from './files/upload-inspector';
import { PriceListsController } from './price-lists/price-lists.controller';
import { PriceListsService } from './price-lists/price-lists.service';
import { ExportsController } from './exports/exports.controller';
import { HeaderGuardController } from './header-guard/header-guard.controller';
import { ChecksController } from './checks/checks.controller';
import { ChecksService } from './checks/checks.service';
import { HeaderGuardService } from './header-guard/header-guard.service';
import { ExportsService } from './exports/exports.service';
import { AccessGuard } from './auth/access.guard';
import { PrincipalResolver } from './auth/principal-resolver';
import { PasswordHasher } from './auth/password-hasher';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { PublicOrigin } from './auth/public-origin';
import { SsoController } from './auth/sso.controller';
import { SsoService } from './auth/sso.service';
import { FirstAdminService } from './auth/first-admin.service';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';
import { AuditController } from './audit/audit.controller';
import { AuditService } from './audit/audit.service';
import { RequestDrain } from './lifecycle/request-drain';
import { OpenApiController } from './openapi/openapi.controller';
import { BatchesController } from './batches/batches.controller';
import { BatchesService } from './batches/batches.service';
import { SourceSchedules, batchStartProviders } from '@app/queue';
import { SecretBox } from '@app/persistence';
import { PriceSourcesController } from './price-lists/price-sources.controller';
import { PriceSourcesService } from './price-lists/price-sources.service';
import { PriceVersionsController } from './price-lists/price-versions.controller';
import { PriceVersionsService } from './price-lists/price-versions.service';
import { OpenApiService } from './openapi/openapi.service';
import { RouteAccessExplorer } from './openapi/route-access';
import { ApiMetricsService } from './metrics/api-metrics.service';
import { MetricsPortServer } from './metrics/metrics-endpoints';
import { DeliveriesController } from './deliveries/deliveries.controller';
import { FollowsController } from './follows/follows.controller';
import { mailProviders } from './deliveries/mail-providers';

@Global()
@Module({})
class ConfigHostModule {
  static forRoot(config: AppConfig): DynamicModule {
    const storage = { provide: StorageService, useValue: new StorageService(storageOptions(config)) };
    return {
      module: ConfigHostModule,
      providers: [{ provide: APP_CONFIG, useValue: config }, storage],
      exports: [APP_CONFIG, StorageService],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigHostModule.forRoot(config),
        // The OpenAPI document reads each handler's access decorators (RouteAccessExplorer).
        DiscoveryModule,
        LoggerModule.forRoot(loggerOptions(config)),
        DatabaseModule,
        MulterModule.register({
          dest: tmpdir(),
          limits: { fileSize: config.UPLOAD_MAX_MB * 1024 * 1024, files: 1, fields: 10, parts: 20 },
        }),
      ],
      controllers: [
        HealthController,
        AuthController,
        SsoController,
        UsersController,
        AuditController,
        TasksController,
        MappingsController,
        ProfilesController,
        FilesController,
        ExportsController,
        HeaderGuardController,
        ChecksController,
        BatchesController,
        PriceListsController,
        PriceVersionsController,
        PriceSourcesController,
        DeliveriesController,
        FollowsController,
        OpenApiController,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        // Every route needs a signed-in user of the role it names (DESIGN §13); health and sign-in are Public.
        { provide: APP_GUARD, useClass: AccessGuard },
        // JSON bodies are read after the guard, within each handler's limit (DESIGN §15).
        { provide: APP_INTERCEPTOR, useClass: JsonBodyInterceptor },
        PrincipalResolver,
        { provide: PasswordHasher, useValue: new PasswordHasher() },
        AuthService,
        PublicOrigin,
        SsoService,
        FirstAdminService,
        UsersService,
        AuditService,
        ExportQueueService,
        HealthService,
        TasksService,
        MappingsService,
        ProfilesService,
        UploadsService,
        UploadStorer,
        UploadInspector,
        PriceListsService,
        PriceVersionsService,
        PriceSourcesService,
        { provide: SourceSchedules, inject: [ExportQueueService], useFactory: (queue: ExportQueueService) => new SourceSchedules(queue.queue) },
        { provide: SecretBox, useValue: new SecretBox(config.SECRETS_KEY) },
        FilesService,
        ExportsService,
        HeaderGuardService,
        ChecksService,
        ...batchStartProviders(config),
        BatchesService,
        RequestDrain,
        OpenApiService,
        RouteAccessExplorer,
        ApiMetricsService,
        MetricsPortServer,
        ...mailProviders(config),
      ],
    };
  }
}
