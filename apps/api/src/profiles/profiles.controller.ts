import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ERR } from '@app/contracts';
import type { RuleProfile } from '@app/contracts/profile.contract';
import { createProfileSchema, updateProfileSchema } from '@app/contracts/schemas';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import type { Principal } from '@app/persistence';
import { CurrentUser, RequireRole } from '../auth/access.decorators';
import { ProfilesService } from './profiles.service';

const profileId = new UuidParamPipe(ERR.profileNotFound);

@Controller('api/profiles')
@RequireRole('viewer')
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get()
  list(): Promise<RuleProfile[]> {
    return this.profiles.list();
  }

  @Post()
  @RequireRole('staff')
  create(@CurrentUser() user: Principal, @Body(new ZodBodyPipe(createProfileSchema)) body: never): Promise<RuleProfile> {
    return this.profiles.create(user, body);
  }

  @Get(':id')
  get(@Param('id', profileId) id: string): Promise<RuleProfile> {
    return this.profiles.get(id);
  }

  @Put(':id')
  @RequireRole('staff')
  put(@CurrentUser() user: Principal, @Param('id', profileId) id: string, @Body(new ZodBodyPipe(updateProfileSchema)) body: never): Promise<RuleProfile> {
    return this.profiles.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireRole('admin')
  remove(@CurrentUser() user: Principal, @Param('id', profileId) id: string): Promise<void> {
    return this.profiles.remove(user, id);
  }
}
