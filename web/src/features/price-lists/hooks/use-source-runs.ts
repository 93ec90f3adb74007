import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { PRICE_SOURCE_UI } from '@app/contracts';
import type { SourceRun } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { fetchSourceRuns, runPriceSource } from '../api/price-sources-api';

/** How often, and how many times at most, the runs are fetched again while one is awaited or running. */
const POLL_MS = 1_000;
const POLLS_MAX = 180;

/**
 * A source's last runs (DESIGN §16), fetched while `active`; `Проверить сейчас` queues a poll and
 * the runs are fetched again until the new run has finished (and while any run is unfinished).
 * `onEnded` hears of each run seen finishing, to show the version it made.
 */
export function useSourceRuns(listId: string, active: boolean, onEnded: (run: SourceRun) => void) {
  const [runs, setRuns] = useState<SourceRun[] | null>(null);
  /** After `Проверить сейчас`: the newest run before it (null: none), until a newer one has finished. */
  const [awaiting, setAwaiting] = useState<{ after: string | null } | null>(null);
  const [starting, setStarting] = useState(false);
  const [retry, setRetry] = useState(0);
  const unfinished = useRef(new Set<string>());
  const polls = useRef(0);

  const load = useCallback((signal?: AbortSignal) => fetchSourceRuns(listId, signal).then((next) => !signal?.aborted && setRuns(Array.isArray(next) ? next : [])), [listId]);

  useEffect(() => {
    if (!active) return;
    const abort = new AbortController();
    load(abort.signal).catch((e: unknown) => !abort.signal.aborted && toast.error(PRICE_SOURCE_UI.runsLoadFailed, { description: serverMessageOf(e) }));
    return () => abort.abort();
  }, [active, load]);

  // What each answer shows finished: the run awaited, and any seen running before.
  useEffect(() => {
    if (!runs) return;
    const ended = new Map<string, SourceRun>();
    for (const run of runs) {
      if (!run.finishedAt) unfinished.current.add(run.id);
      else if (unfinished.current.delete(run.id)) ended.set(run.id, run);
    }
    const newest = runs[0];
    if (awaiting && newest && newest.id !== awaiting.after && newest.finishedAt) {
      setAwaiting(null);
      ended.set(newest.id, newest);
    }
    for (const run of ended.values()) onEnded(run);
    // Each answer is looked at once; `onEnded` and `awaiting` are read as they are then.
  }, [runs]);

  const watching = active && (awaiting !== null || (runs?.some((r) => !r.finishedAt) ?? false));
  useEffect(() => {
    if (!watching) {
      polls.current = 0;
      return;
    }
    if (polls.current++ >= POLLS_MAX) {
      setAwaiting(null);
      return;
    }
    const timer = setTimeout(() => void load().catch(() => setRetry((n) => n + 1)), POLL_MS);
    return () => clearTimeout(timer);
  }, [watching, runs, retry, load]);

  const runNow = useCallback(async () => {
    setStarting(true);
    try {
      await runPriceSource(listId);
      polls.current = 0;
      setAwaiting({ after: runs?.[0]?.id ?? null });
      toast.success(PRICE_SOURCE_UI.runStarted);
    } catch (e) {
      toast.error(PRICE_SOURCE_UI.runFailed, { description: serverMessageOf(e) });
    } finally {
      setStarting(false);
    }
  }, [listId, runs]);

  return { runs, runNow, starting, waiting: awaiting !== null };
}
