import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TasksProvider } from '../features/tasks/hooks/tasks-context';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <TasksProvider>
      {children}
      {/* Offset below the page header so toasts never cover the Сохранить / Сформировать buttons. */}
      <Toaster richColors position="top-right" closeButton offset={{ top: 88, right: 24 }} />
    </TasksProvider>
  );
}
