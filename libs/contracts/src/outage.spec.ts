import { ERR } from './messages';
import { isOutage, outageMessage, outageOf, STORAGE_OUTAGE } from './outage';

const error = (message: string, fields: Record<string, unknown> = {}) => Object.assign(new Error(message), fields);

describe('outages in a request (DESIGN §15)', () => {
  it.each([
    ['a refused connection', error('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' })],
    ['a connection the server ended', error('terminating connection due to administrator command', { code: '57P01' })],
    ['a server shutting down', error('the database system is shutting down', { code: '57P03' })],
    ['a dropped socket', error('Connection terminated unexpectedly')],
    ["TypeORM's released query runner", error('Query runner already released. Cannot run queries anymore.', { name: 'QueryRunnerAlreadyReleasedError' })],
    ['a client after a connection error', error('Client has encountered a connection error and is not queryable')],
    ['a pool that was ended', error('Cannot use a pool after calling end on the pool')],
    ['a query that failed on such a connection', error('query failed', { driverError: error('Connection terminated unexpectedly') })],
  ])('%s is the database being down: 503 `База данных недоступна`', (_, err) => {
    expect(isOutage(err)).toBe(true);
    expect(outageOf(err)).toBe('database');
    expect(outageMessage(err)).toBe(ERR.databaseUnavailable);
  });

  it("a storage call's outage, marked by its client, is the storage's", () => {
    const err = error('storage unavailable', { outageOf: STORAGE_OUTAGE, cause: error('storage did not answer within 5000 ms', { code: 'ETIMEDOUT' }) });
    expect(outageOf(err)).toBe('storage');
    expect(outageMessage(err)).toBe(ERR.storageUnavailable);
  });

  it.each([
    ['a unique violation', error('duplicate key value violates unique constraint', { code: '23505' })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['no error at all', undefined],
  ])('%s is no outage', (_, err) => {
    expect(isOutage(err)).toBe(false);
    expect(outageMessage(err)).toBeNull();
  });
});
