import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { PRICE_LIST_ERR, type PriceList } from '@app/contracts';
import { createPriceListSchema, patchPriceListSchema } from '@app/contracts/price-list.schemas';
import type { Principal } from '@app/persistence';
import { CurrentUser, RequireRole } from '../auth/access.decorators';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { PriceListsService } from './price-lists.service';

const listId = new UuidParamPipe(PRICE_LIST_ERR.notFound);

@Controller('api/price-lists')
@RequireRole('viewer')
export class PriceListsController {
  constructor(private readonly lists: PriceListsService) {}

  @Get()
  list(): Promise<PriceList[]> {
    return this.lists.list();
  }

  @Post()
  @RequireRole('staff')
  create(@CurrentUser() user: Principal, @Body(new ZodBodyPipe(createPriceListSchema)) body: never): Promise<PriceList> {
    return this.lists.create(user, body);
  }

  @Get(':id')
  get(@Param('id', listId) id: string): Promise<PriceList> {
    return this.lists.get(id);
  }

  @Patch(':id')
  @RequireRole('staff')
  update(@CurrentUser() user: Principal, @Param('id', listId) id: string, @Body(new ZodBodyPipe(patchPriceListSchema)) body: never): Promise<PriceList> {
    return this.lists.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireRole('admin')
  remove(@CurrentUser() user: Principal, @Param('id', listId) id: string): Promise<void> {
    return this.lists.remove(user, id);
  }
}
