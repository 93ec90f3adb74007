import { DELIVERY_ERR } from './delivery-messages';
import { formatDay, formatDayTime, isEmailAddress, renderTemplate, templatePlaceholders } from './delivery.contract';
import { emailSchema, putDeliverySchema } from './delivery.schemas';
import { ERR } from './messages';
import { parseBody } from './schemas';

describe('delivery templates and addresses (DESIGN §17)', () => {
  it('fills the four placeholders and leaves anything else as written', () => {
    const values = { task: 'Лента', date: '25.11.2026', priceList: 'Поставщик', version: '24.11.2026' };
    expect(renderTemplate('{task} — {date} ({priceList} от {version})', values)).toBe('Лента — 25.11.2026 (Поставщик от 24.11.2026)');
    expect(renderTemplate('{task}{task} {x} {} { task }', values)).toBe('ЛентаЛента {x} {} { task }');
    expect(templatePlaceholders('{task} {week} {task} {} { x }')).toEqual(['task', 'week', '']);
  });

  it('takes plain addresses only', () => {
    for (const ok of ['a@b.co', 'first.last+tag@sub.chain-store.example', "o'hara@example.com"]) expect(isEmailAddress(ok)).toBe(true);
    for (const bad of ['a@b', '@b.co', 'a@.co', 'a..b@c.co', '.a@c.co', 'Имя <a@b.co>', 'a b@c.co', 'a@b.co\r\nBcc: x@y.z', `${'x'.repeat(250)}@b.co`]) {
      expect(isEmailAddress(bad)).toBe(false);
    }
  });

  it('dates in the mail time zone', () => {
    const at = new Date('2026-11-25T21:30:00Z');
    expect(formatDay(at, 'Europe/Moscow')).toBe('26.11.2026');
    expect(formatDay(at, 'UTC')).toBe('25.11.2026');
    expect(formatDayTime(at, 'Europe/Moscow')).toBe('26.11.2026 00:30');
  });

  it('PUT …/delivery: wrong addresses named, placeholders and line breaks checked, addresses once each, defaults filled', () => {
    const fail = (body: unknown) => {
      const parsed = parseBody(putDeliverySchema, body);
      return parsed.ok ? null : parsed.error;
    };
    expect(fail({ to: ['ok@chain.example', 'нет', 'x@y'] })).toBe(ERR.invalidField('to', DELIVERY_ERR.badAddresses(['нет', 'x@y'])));
    expect(fail({ to: [] })).toBe(ERR.invalidField('to', DELIVERY_ERR.toRange(1, 10)));
    expect(fail({ to: 'ok@chain.example' })).toBe(ERR.invalidField('to', DELIVERY_ERR.addressList));
    expect(fail({ to: ['ok@chain.example'], subject: 'a\rb' })).toBe(ERR.invalidField('subject', DELIVERY_ERR.lineBreak));
    expect(fail({ to: ['ok@chain.example'], body: '{week}' })).toBe(ERR.invalidField('body', DELIVERY_ERR.unknownPlaceholder(['week'])));
    expect(fail({ to: ['ok@chain.example'], subject: 'я'.repeat(201) })).toBe(ERR.invalidField('subject', DELIVERY_ERR.tooLong(200)));
    expect(fail({ to: ['ok@chain.example'], extra: 1 })).toMatch(/^Поле «body»: неизвестные поля: extra$/);
    const parsed = parseBody(putDeliverySchema, { to: ['A@Chain.Example', 'a@chain.example ', ' b@c.io'], body: 'Строка\r\nдругая' });
    expect(parsed).toEqual({
      ok: true,
      data: { to: ['A@chain.example', 'b@c.io'], cc: [], subject: '{task} — {date}', body: 'Строка\nдругая', auto: false },
    });
  });

  it('a user’s address: null or empty clears it', () => {
    expect(emailSchema.parse(null)).toBeNull();
    expect(emailSchema.parse('')).toBeNull();
    expect(emailSchema.parse(' Anna@Shop.RU ')).toBe('Anna@shop.ru');
    expect(emailSchema.safeParse('anna').success).toBe(false);
  });
});
