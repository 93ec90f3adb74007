import { SHARES_PER_THREAD, ThreadShareLedger } from './thread-share-ledger';

type Share = { bytes: string };

describe('ThreadShareLedger', () => {
  const a: Share = { bytes: 'a' };
  const b: Share = { bytes: 'b' };
  const c: Share = { bytes: 'c' };

  it('sends a share to a thread once, then only its id; each thread gets its own copy', () => {
    const ledger = new ThreadShareLedger<string, Share>();
    const first = ledger.post('t1', a);
    expect(first).toEqual({ id: first.id, value: a, drop: [] });
    expect(ledger.post('t1', a)).toEqual({ id: first.id, drop: [] });
    expect(ledger.post('t2', a)).toEqual({ id: first.id, value: a, drop: [] });
    expect([ledger.holds('t1', a), ledger.holds('t1', b), ledger.holds('t3', a)]).toEqual([true, false, false]);
  });

  it(`keeps at most ${SHARES_PER_THREAD} per thread: the least recently used is dropped with the request that makes room`, () => {
    const ledger = new ThreadShareLedger<string, Share>();
    const ida = ledger.post('t', a).id;
    const idb = ledger.post('t', b).id;
    ledger.post('t', a);
    const third = ledger.post('t', c);
    expect(third.drop).toEqual([idb]);
    expect(ledger.heldBy('t')).toEqual([ida, third.id]);
    expect(ledger.post('t', b).value).toBe(b);
  });

  it('a share the thread builds is held under the id reserved for it; a failed build frees the place', () => {
    const ledger = new ThreadShareLedger<string, Share>();
    const { id } = ledger.reserve('t');
    ledger.name(a, id);
    expect(ledger.post('t', a)).toEqual({ id, drop: [] });
    const failed = ledger.reserve('t');
    ledger.lost('t', failed.id);
    expect(ledger.heldBy('t')).toEqual([id]);
  });

  it('a forgotten share is dropped by every thread holding it, and sent whole if used again', () => {
    const ledger = new ThreadShareLedger<string, Share>();
    const id = ledger.post('t1', a).id;
    ledger.post('t2', a);
    ledger.post('t3', b);
    const told: [string, number][] = [];
    ledger.forget(a, (thread, dropped) => told.push([thread, dropped]));
    expect(told).toEqual([
      ['t1', id],
      ['t2', id],
    ]);
    expect(ledger.heldBy('t1')).toEqual([]);
    expect(ledger.post('t1', a).value).toBe(a);
  });

  it('a thread said to lack a share, or gone, is sent it whole again', () => {
    const ledger = new ThreadShareLedger<string, Share>();
    const id = ledger.post('t', a).id;
    ledger.lost('t', id);
    expect(ledger.post('t', a).value).toBe(a);
    ledger.gone('t');
    expect(ledger.heldBy('t')).toEqual([]);
    expect(ledger.post('t', a).value).toBe(a);
  });
});
