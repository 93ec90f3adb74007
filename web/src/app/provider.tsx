import type { CSSProperties, ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '../features/auth/hooks/auth-context';

const TOASTER_WIDTH = { '--width': '480px' } as CSSProperties;

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      {/* Offset below the page header so toasts never cover the Сохранить / Сформировать buttons; wide enough
          for `Файл сформирован`'s one line (found N of M · the file's warnings). */}
      <Toaster richColors position="top-right" closeButton offset={{ top: 88, right: 24 }} style={TOASTER_WIDTH} />
    </AuthProvider>
  );
}
