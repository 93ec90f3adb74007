import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TasksProvider } from '../features/tasks/hooks/tasks-context';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <TasksProvider>
      {children}
      <Toaster richColors position="top-right" closeButton />
    </TasksProvider>
  );
}
