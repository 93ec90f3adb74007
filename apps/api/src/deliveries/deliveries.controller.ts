import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { BATCH_ERR, ERR, type BatchSendResponse, type Delivery, type DeliverySettingsResponse, type MailTestResponse, type PutDeliveryRequest, type SendExportRequest } from '@app/contracts';
import { mailTestSchema, putDeliverySchema, sendExportSchema } from '@app/contracts/delivery.schemas';
import type { Principal } from '@app/persistence';
import { CurrentUser, RequireRole } from '../auth/access.decorators';
import { UuidParamPipe } from '../common/uuid-param.pipe';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { DeliveriesService } from './deliveries.service';
import { MailTestService } from './mail-test.service';

const taskId = new UuidParamPipe(ERR.taskNotFound);
const exportId = new UuidParamPipe(ERR.exportNotFound);
const batchId = new UuidParamPipe(BATCH_ERR.notFound);
/** `Отправить` may come with no body at all: a first send. */
class SendBodyPipe extends ZodBodyPipe<typeof sendExportSchema> {
  constructor() {
    super(sendExportSchema);
  }

  transform(value: unknown): SendExportRequest {
    return super.transform(value ?? {});
  }
}
const sendBody = new SendBodyPipe();

/** DESIGN §17: a task's recipients, its delivery log, and sending a file, a batch's files, a test message. */
@Controller('api')
@RequireRole('viewer')
export class DeliveriesController {
  constructor(
    private readonly deliveries: DeliveriesService,
    private readonly mailTest: MailTestService,
  ) {}

  @Get('tasks/:id/delivery')
  settings(@Param('id', taskId) id: string): Promise<DeliverySettingsResponse> {
    return this.deliveries.settings(id);
  }

  @Put('tasks/:id/delivery')
  @RequireRole('staff')
  put(@CurrentUser() user: Principal, @Param('id', taskId) id: string, @Body(new ZodBodyPipe(putDeliverySchema)) body: Required<PutDeliveryRequest>): Promise<DeliverySettingsResponse> {
    return this.deliveries.put(user, id, body);
  }

  @Get('tasks/:id/deliveries')
  log(@Param('id', taskId) id: string): Promise<Delivery[]> {
    return this.deliveries.log(id);
  }

  @Post('exports/:id/send')
  @HttpCode(202)
  @RequireRole('staff')
  send(@CurrentUser() user: Principal, @Param('id', exportId) id: string, @Body(sendBody) body: SendExportRequest): Promise<Delivery> {
    return this.deliveries.send(user, id, body.resend === true);
  }

  @Post('batches/:id/send')
  @HttpCode(202)
  @RequireRole('staff')
  sendBatch(@CurrentUser() user: Principal, @Param('id', batchId) id: string): Promise<BatchSendResponse> {
    return this.deliveries.sendBatch(user, id);
  }

  @Post('admin/mail/test')
  @HttpCode(200)
  @RequireRole('admin')
  test(@CurrentUser() user: Principal, @Body(new ZodBodyPipe(mailTestSchema)) body: { to: string }): Promise<MailTestResponse> {
    return this.mailTest.send(user, body.to);
  }
}
