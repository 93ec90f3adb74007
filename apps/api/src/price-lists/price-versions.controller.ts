import { Controller, Get, HttpCode, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { PRICE_LIST_ERR, type AddPriceVersionResponse, type FileColumns, type PriceListDiff, type PriceListVersion } from '@app/contracts';
import type { Principal } from '@app/persistence';
import { CurrentUser, RequireRole } from '../auth/access.decorators';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { TempUploadInterceptor } from '../files/temp-upload.interceptor';
import type { UploadedTempFile } from '../files/upload-storer';
import { PriceVersionsService } from './price-versions.service';

const listId = new UuidParamPipe(PRICE_LIST_ERR.notFound);
const versionId = new UuidParamPipe(PRICE_LIST_ERR.versionNotFound);

@Controller('api/price-lists/:id/versions')
@RequireRole('viewer')
export class PriceVersionsController {
  constructor(private readonly versions: PriceVersionsService) {}

  @Post()
  @RequireRole('staff')
  @UseInterceptors(TempUploadInterceptor, FileInterceptor('file'))
  add(@CurrentUser() user: Principal, @Param('id', listId) id: string, @UploadedFile() file: UploadedTempFile | undefined): Promise<AddPriceVersionResponse> {
    return this.versions.add(user, id, file);
  }

  @Get()
  list(@Param('id', listId) id: string): Promise<PriceListVersion[]> {
    return this.versions.list(id);
  }

  @Get(':versionId/file')
  file(@Param('id', listId) id: string, @Param('versionId', versionId) version: string, @Res() res: Response): Promise<void> {
    return this.versions.sendFile(id, version, res);
  }

  @Get(':versionId/columns')
  columns(@Param('id', listId) id: string, @Param('versionId', versionId) version: string): Promise<FileColumns> {
    return this.versions.columns(id, version);
  }

  @Get(':versionId/diff')
  diff(@Param('id', listId) id: string, @Param('versionId', versionId) version: string): Promise<PriceListDiff> {
    return this.versions.diff(id, version);
  }

  @Get(':versionId/diff.xlsx')
  diffXlsx(@Param('id', listId) id: string, @Param('versionId', versionId) version: string, @Res() res: Response): Promise<void> {
    return this.versions.sendDiffXlsx(id, version, res);
  }

  @Post(':versionId/accept')
  @HttpCode(200)
  @RequireRole('staff')
  accept(@CurrentUser() user: Principal, @Param('id', listId) id: string, @Param('versionId', versionId) version: string): Promise<PriceListVersion> {
    return this.versions.decide(user, id, version, 'accept');
  }

  @Post(':versionId/reject')
  @HttpCode(200)
  @RequireRole('staff')
  reject(@CurrentUser() user: Principal, @Param('id', listId) id: string, @Param('versionId', versionId) version: string): Promise<PriceListVersion> {
    return this.versions.decide(user, id, version, 'reject');
  }
}
