import { RunningChildren } from './running-children';

describe('RunningChildren', () => {
  it('says "last" only when the worker’s last running child of a batch ends, per batch', () => {
    const running = new RunningChildren();
    running.begin('a');
    running.begin('a');
    running.begin('b');
    expect(running.end('a')).toBe(false);
    expect(running.end('b')).toBe(true);
    expect(running.end('a')).toBe(true);
    // A new child of an ended batch (a retry) counts from the start.
    running.begin('a');
    expect(running.end('a')).toBe(true);
  });

  it('an end without a begin (a job that returned before its files) is a last end, and leaves no count behind', () => {
    const running = new RunningChildren();
    expect(running.end('a')).toBe(true);
    running.begin('a');
    running.begin('a');
    expect(running.end('a')).toBe(false);
    expect(running.end('a')).toBe(true);
  });
});
