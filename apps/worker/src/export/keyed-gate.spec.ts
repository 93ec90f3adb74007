import { KeyedGate } from './keyed-gate';

function manual() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { task: jest.fn(() => promise), resolve, reject };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('KeyedGate', () => {
  it('runs at most `limit` per key at once, the others in their order as places free; other keys are not held', async () => {
    const gate = new KeyedGate<object>(2);
    const [a, b] = [{}, {}];
    const runs = [manual(), manual(), manual(), manual()];
    const done = runs.map((r) => gate.run(a, r.task).catch(() => 'failed'));
    const other = manual();
    const otherDone = gate.run(b, other.task);
    await tick();
    expect(runs.map((r) => r.task.mock.calls.length)).toEqual([1, 1, 0, 0]);
    expect(other.task).toHaveBeenCalled();
    runs[1].reject(new Error('engine thread exited'));
    await tick();
    expect(runs.map((r) => r.task.mock.calls.length)).toEqual([1, 1, 1, 0]);
    runs[0].resolve();
    await tick();
    expect(runs[3].task).toHaveBeenCalled();
    runs[2].resolve();
    runs[3].resolve();
    other.resolve();
    expect(await Promise.all(done)).toEqual([undefined, 'failed', undefined, undefined]);
    await otherDone;
    expect(gate.load(a)).toEqual({ running: 0, waiting: 0 });
  });

  it('a task that throws at once frees its place too', async () => {
    const gate = new KeyedGate<object>(1);
    const key = {};
    await expect(gate.run(key, () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(gate.run(key, async () => 'next')).resolves.toBe('next');
  });
});
