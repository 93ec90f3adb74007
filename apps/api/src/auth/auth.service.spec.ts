import type { Request, Response } from 'express';
import { AUTH_ERR } from '@app/contracts';
import type { ApiTokensRepository, SessionsRepository, SignInThrottleRepository, UsersRepository } from '@app/persistence';
import { AuthService } from './auth.service';

// Nest 12 ships as ES modules, which this CommonJS unit run cannot load; the service needs only
// its decorators (inert here) and HttpException's status and body.
jest.mock('@nestjs/common', () => {
  class HttpException extends Error {
    constructor(private readonly body: unknown, private readonly status: number) {
      super(String(status));
    }
    getStatus(): number {
      return this.status;
    }
    getResponse(): unknown {
      return this.body;
    }
  }
  return { HttpException, Injectable: () => () => undefined, Inject: () => () => undefined };
});
import type { PasswordHasher } from './password-hasher';
import type { PublicOrigin } from './public-origin';

/**
 * "The same answer after the same work" for a wrong password and an unknown login, checked on the
 * work itself (which calls, in which order) rather than on a clock: the scrypt of both is the
 * same (password-hasher.spec.ts), so is everything around it.
 */
function serviceWithTrace(blockedUntil?: Date) {
  const trace: string[] = [];
  const users = {
    withHashByLogin: async (login: string) => {
      trace.push('look up the login');
      return login === 'anna' ? { id: 'u1', login: 'anna', disabled: false, passwordHash: 'scrypt$…' } : null;
    },
  } as unknown as UsersRepository;
  const throttle = {
    reserve: async () => {
      trace.push('reserve an attempt');
      return blockedUntil ? { blockedUntil } : { slot: '1' };
    },
    failed: async () => void trace.push('record the failure'),
    release: async () => void trace.push('release the attempt'),
  } as unknown as SignInThrottleRepository;
  const hasher = {
    verify: async (_password: string, stored: string | null | undefined) => {
      trace.push('scrypt');
      return stored === 'scrypt$…' && false;
    },
  } as unknown as PasswordHasher;
  const origin = { secure: () => false } as unknown as PublicOrigin;
  const service = new AuthService(users, {} as SessionsRepository, throttle, {} as ApiTokensRepository, hasher, origin);
  return { service, trace };
}

const req = { ip: '203.0.113.5' } as Request;
const answerOf = (error: unknown) => ({ status: (error as { getStatus(): number }).getStatus(), body: (error as { getResponse(): unknown }).getResponse() });

async function attempt(login: string, blockedUntil?: Date) {
  const { service, trace } = serviceWithTrace(blockedUntil);
  const error = await service.signIn({ login, password: 'a-wrong-password' }, req, {} as Response).then(() => null, (e: unknown) => e);
  return { answer: answerOf(error), trace };
}

describe('AuthService.signIn', () => {
  it('does the same work and gives the same answer for a wrong password and an unknown login', async () => {
    const wrong = await attempt('anna');
    const unknown = await attempt('nobody');
    expect(wrong.answer).toEqual({ status: 401, body: { error: AUTH_ERR.badCredentials } });
    expect(unknown.answer).toEqual(wrong.answer);
    expect(wrong.trace).toEqual(['reserve an attempt', 'look up the login', 'scrypt', 'record the failure']);
    expect(unknown.trace).toEqual(wrong.trace);
  });

  it('answers a blocked login or address 429 before any look-up or scrypt', async () => {
    const blocked = await attempt('anna', new Date(Date.now() + 4.5 * 60_000));
    expect(blocked.answer).toEqual({ status: 429, body: { error: AUTH_ERR.tooManySignIns(5) } });
    expect(blocked.trace).toEqual(['reserve an attempt']);
  });
});
