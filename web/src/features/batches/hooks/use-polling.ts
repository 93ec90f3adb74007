import { useEffect } from 'react';
import { toast } from 'sonner';
import { serverMessageOf } from '../../../lib/api-client';

/** How often something still running is asked for again. */
const POLL_MS = 1000;

/**
 * Calls `poll` at once and again every second for as long as it answers true. A hidden tab asks
 * nothing (a forgotten tab would otherwise ask all day) and asks at once when shown again. A failed
 * call is told once with `failedTitle` and tried again: the API may be restarting, and batches
 * live in the database, so the next answer picks up where they are. Stops when unmounted or when
 * `poll` changes (a new one starts).
 */
export function usePolling(poll: (signal: AbortSignal) => Promise<boolean>, failedTitle: string): void {
  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let paused = false;
    let told = false;

    const next = () => {
      if (document.hidden) paused = true;
      else timer = setTimeout(() => void run(), POLL_MS);
    };
    const run = async () => {
      timer = undefined;
      let again: boolean;
      try {
        again = await poll(abort.signal);
      } catch (e) {
        if (abort.signal.aborted) return;
        if (!told) toast.error(failedTitle, { description: serverMessageOf(e) });
        told = true;
        again = true;
      }
      if (again && !abort.signal.aborted) next();
    };
    const onVisibility = () => {
      if (document.hidden && timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
        paused = true;
      } else if (!document.hidden && paused) {
        paused = false;
        void run();
      }
    };

    document.addEventListener('visibilitychange', onVisibility);
    void run();
    return () => {
      abort.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [poll, failedTitle]);
}
