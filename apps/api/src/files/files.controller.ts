import { Controller, Get, HttpCode, Inject, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { ERR, type FileColumns, type FileKind, type UploadResponse } from '@app/contracts';
import { fileKindParamSchema } from '@app/contracts/schemas';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { notFound } from '../common/user-error';
import { TempUploadInterceptor } from './temp-upload.interceptor';
import { UploadsService, type UploadedTempFile } from './uploads.service';
import { FilesService } from './files.service';
import type { Principal } from '@app/persistence';
import { CurrentUser, RequireRole } from '../auth/access.decorators';

const taskId = new UuidParamPipe(ERR.taskNotFound);

function fileKind(kind: string): FileKind {
  const parsed = fileKindParamSchema.safeParse(kind);
  if (!parsed.success) throw notFound(ERR.notFound);
  return parsed.data;
}

@Controller('api/tasks/:id')
@RequireRole('viewer')
export class FilesController {
  constructor(
    private readonly uploads: UploadsService,
    @Inject(FilesService) private readonly files: FilesService,
  ) {}

  @Post('upload/:kind')
  @HttpCode(200)
  @RequireRole('staff')
  @UseInterceptors(TempUploadInterceptor, FileInterceptor('file'))
  upload(
    @CurrentUser() user: Principal,
    @Param('id', taskId) id: string,
    @Param('kind') kind: string,
    @UploadedFile() file: UploadedTempFile | undefined,
  ): Promise<UploadResponse> {
    return this.uploads.upload(user, id, fileKind(kind), file);
  }

  @Get('files/:kind/columns')
  columns(@Param('id', taskId) id: string, @Param('kind') kind: string): Promise<FileColumns> {
    return this.files.columns(id, fileKind(kind));
  }

  @Get('files/:kind')
  download(@Param('id', taskId) id: string, @Param('kind') kind: string, @Res() res: Response): Promise<void> {
    return this.files.sendOriginal(id, fileKind(kind), res);
  }
}
