import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { UsersRepository } from '@app/persistence';
import { PasswordHasher } from './password-hasher';

/**
 * The first start on a database without users creates the admin ADMIN_USER / ADMIN_PASSWORD
 * (DESIGN §13), before the API listens, so `npm start` on a fresh clone can be signed in to at once.
 * Later starts change nobody: the password is the admin's to change in the app.
 */
@Injectable()
export class FirstAdminService implements OnApplicationBootstrap {
  private readonly logger = new Logger(FirstAdminService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const login = this.config.ADMIN_USER;
    if (await this.users.ensureFirstAdmin(login, await this.hasher.hash(this.config.ADMIN_PASSWORD))) {
      this.logger.log(`first admin "${login}" created (ADMIN_USER / ADMIN_PASSWORD): sign in with them`);
    }
  }
}
