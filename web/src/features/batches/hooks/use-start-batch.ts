import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { BATCH_UI } from '@app/contracts';
import type { BatchAction } from '@app/contracts';
import { serverMessageOf } from '../../../lib/api-client';
import { batchPath } from '../../../lib/navigation';
import { startBatch } from '../api/batches-api';

/** Starts a batch over the tasks (with `deliver`: mailing each file as it is made) and opens its page; resolves true once it is started. */
export function useStartBatch() {
  const navigate = useNavigate();
  const [starting, setStarting] = useState(false);

  const start = useCallback(
    async (action: BatchAction, taskIds: string[], deliver = false): Promise<boolean> => {
      setStarting(true);
      try {
        const { id } = await startBatch(action, taskIds, deliver);
        toast.success(BATCH_UI.started);
        navigate(batchPath(id));
        return true;
      } catch (e) {
        toast.error(BATCH_UI.startFailed, { description: serverMessageOf(e) });
        return false;
      } finally {
        setStarting(false);
      }
    },
    [navigate],
  );

  return { start, starting };
}
