import type { ExportStatus } from '@app/contracts';
import { EXPORT_TRANSITIONS, FINAL_EXPORT_STATUSES } from './export-status';

const transitions = Object.entries(EXPORT_TRANSITIONS);

describe('the export state machine', () => {
  it('never leaves done or failed', () => {
    for (const [name, t] of transitions) {
      for (const final of FINAL_EXPORT_STATUSES) expect({ name, leavesFinal: (t.from as readonly ExportStatus[]).includes(final) }).toEqual({ name, leavesFinal: false });
    }
  });

  it('reaches every status from the new row, and done only by the worker', () => {
    const reached = new Set<ExportStatus>([EXPORT_TRANSITIONS.create.to]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [, t] of transitions) {
        if (!reached.has(t.to) && t.from.some((s) => reached.has(s))) {
          reached.add(t.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual(['done', 'failed', 'queued', 'running']);
    expect(transitions.filter(([, t]) => t.to === 'done').map(([, t]) => t.by)).toEqual(['worker']);
  });

  it('lets the API fail only an export whose job Redis refused, never one a request stopped waiting for', () => {
    const byApi = transitions.filter(([, t]) => t.by === 'api').map(([name, t]) => ({ name, from: t.from, to: t.to }));
    expect(byApi).toEqual([
      { name: 'create', from: [], to: 'queued' },
      { name: 'enqueueRefused', from: ['queued'], to: 'failed' },
    ]);
  });
});
