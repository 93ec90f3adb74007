import { DELIVERY_ERR } from '@app/contracts';
import { mailFailureOf } from './mail-failure';

describe('mailFailureOf', () => {
  it('a 5xx reply is permanent, a 4xx one temporary, each with the server’s words', () => {
    const rejected = mailFailureOf(Object.assign(new Error('Can\'t send mail'), { code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 No such user' }));
    expect(rejected).toMatchObject({ permanent: true, reply: '550 5.1.1 No such user', reason: DELIVERY_ERR.rejected('550 5.1.1 No such user') });
    const later = mailFailureOf(Object.assign(new Error('x'), { code: 'EMESSAGE', responseCode: 451, response: '451 4.3.0 Try again' }));
    expect(later).toMatchObject({ permanent: false, reply: '451 4.3.0 Try again', reason: DELIVERY_ERR.unreachable('451 4.3.0 Try again') });
  });

  it('connection troubles are temporary; a refused login or a message that cannot be built is permanent', () => {
    for (const code of ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']) expect(mailFailureOf(Object.assign(new Error(`${code} happened`), { code })).permanent).toBe(false);
    expect(mailFailureOf(Object.assign(new Error('Missing credentials for "PLAIN"'), { code: 'EAUTH' })).permanent).toBe(true);
    expect(mailFailureOf(Object.assign(new Error('Invalid login'), { code: 'EAUTH', responseCode: 535, response: '535 5.7.8 Authentication failed' })).permanent).toBe(true);
    expect(mailFailureOf(new Error('something odd')).permanent).toBe(false);
  });
});
