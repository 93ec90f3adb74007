import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { ProfileHeaders } from '@app/contracts';
import type { TaskColumns } from './use-task-columns';

interface ColumnSource {
  /** The chosen task's files' columns (`idle` when no task is chosen). */
  columns: TaskColumns;
  /** The headers the profile's rules were made against, shown while no file is loaded. */
  headers: ProfileHeaders;
}

const IDLE: ColumnSource = {
  columns: { price: { status: 'idle' }, template: { status: 'idle' } },
  headers: { template: {}, price: {} },
};

const ColumnSourceContext = createContext<ColumnSource>(IDLE);

/** What every column input of the rules page offers and shows beside itself. */
export function ColumnSourceProvider({ value, children }: { value: ColumnSource; children: ReactNode }) {
  return <ColumnSourceContext.Provider value={value}>{children}</ColumnSourceContext.Provider>;
}

export function useColumnSource(): ColumnSource {
  return useContext(ColumnSourceContext);
}
