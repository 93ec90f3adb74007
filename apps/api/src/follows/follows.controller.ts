import { Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { PRICE_LIST_ERR, type FollowState, type FollowedList } from '@app/contracts';
import { FollowersRepository, type Principal } from '@app/persistence';
import { CurrentUser, RequireRole } from '../auth/access.decorators';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { notFound } from '../common/user-error';

const listId = new UuidParamPipe(PRICE_LIST_ERR.notFound);

/**
 * `Следить` (DESIGN §17): any signed-in user may follow a price list, and is then told when one of
 * its versions is held, its source keeps failing, or a batch it started by itself ends.
 */
@Controller('api')
@RequireRole('viewer')
export class FollowsController {
  constructor(private readonly followers: FollowersRepository) {}

  @Get('follows')
  mine(@CurrentUser() user: Principal): Promise<FollowedList[]> {
    return this.followers.of(user.id);
  }

  @Get('price-lists/:id/follow')
  async state(@CurrentUser() user: Principal, @Param('id', listId) id: string): Promise<FollowState> {
    const following = await this.followers.isFollowing(user.id, id);
    if (following === null) throw notFound(PRICE_LIST_ERR.notFound);
    return { following };
  }

  @Put('price-lists/:id/follow')
  follow(@CurrentUser() user: Principal, @Param('id', listId) id: string): Promise<FollowState> {
    return this.set(user, id, true);
  }

  @Delete('price-lists/:id/follow')
  unfollow(@CurrentUser() user: Principal, @Param('id', listId) id: string): Promise<FollowState> {
    return this.set(user, id, false);
  }

  private async set(user: Principal, id: string, following: boolean): Promise<FollowState> {
    if ((await this.followers.set(user, id, following)) === null) throw notFound(PRICE_LIST_ERR.notFound);
    return { following };
  }
}
