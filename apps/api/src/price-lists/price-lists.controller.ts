import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { PRICE_LIST_ERR, type AddPriceVersionResponse, type FileColumns, type PriceList, type PriceListVersion } from '@app/contracts';
import { createPriceListSchema, patchPriceListSchema } from '@app/contracts/price-list.schemas';
import type { Principal } from '@app/persistence';
import { CurrentUser, RequireRole } from '../auth/access.decorators';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { TempUploadInterceptor } from '../files/temp-upload.interceptor';
import type { UploadedTempFile } from '../files/upload-storer';
import { PriceListsService } from './price-lists.service';

const listId = new UuidParamPipe(PRICE_LIST_ERR.notFound);
const versionId = new UuidParamPipe(PRICE_LIST_ERR.versionNotFound);

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
  rename(@CurrentUser() user: Principal, @Param('id', listId) id: string, @Body(new ZodBodyPipe(patchPriceListSchema)) body: never): Promise<PriceList> {
    return this.lists.rename(user, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireRole('admin')
  remove(@CurrentUser() user: Principal, @Param('id', listId) id: string): Promise<void> {
    return this.lists.remove(user, id);
  }

  @Post(':id/versions')
  @RequireRole('staff')
  @UseInterceptors(TempUploadInterceptor, FileInterceptor('file'))
  addVersion(@CurrentUser() user: Principal, @Param('id', listId) id: string, @UploadedFile() file: UploadedTempFile | undefined): Promise<AddPriceVersionResponse> {
    return this.lists.addVersion(user, id, file);
  }

  @Get(':id/versions')
  versions(@Param('id', listId) id: string): Promise<PriceListVersion[]> {
    return this.lists.listVersions(id);
  }

  @Get(':id/versions/:versionId/file')
  file(@Param('id', listId) id: string, @Param('versionId', versionId) version: string, @Res() res: Response): Promise<void> {
    return this.lists.sendVersion(id, version, res);
  }

  @Get(':id/versions/:versionId/columns')
  columns(@Param('id', listId) id: string, @Param('versionId', versionId) version: string): Promise<FileColumns> {
    return this.lists.columns(id, version);
  }
}
