/**
 * How many children of each batch run on this worker now, so that "has the batch anything left?"
 * is asked of the database only after this worker's last running child of it, not after every
 * child. Begin and end are paired in the same job run.
 */
export class RunningChildren {
  private readonly running = new Map<string, number>();

  begin(batchId: string): void {
    this.running.set(batchId, (this.running.get(batchId) ?? 0) + 1);
  }

  /** True when this was the worker's last running child of the batch. */
  end(batchId: string): boolean {
    const left = (this.running.get(batchId) ?? 1) - 1;
    if (left > 0) {
      this.running.set(batchId, left);
      return false;
    }
    this.running.delete(batchId);
    return true;
  }
}
