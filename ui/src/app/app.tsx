import { useState } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { AuthProvider } from '../providers/auth';
import { createNeutralHistory } from '../lib/neutral-history';
import { ExitBar } from './layout/exit-bar';
import { ConfigGate } from './providers/config-gate';
import { ThemeProvider } from './providers/theme-provider';
import { AppRoutes } from './router';

export function App() {
  // Made at the first render, after main.tsx has moved a disguised device to its disguise's address.
  const [appHistory] = useState(() => createNeutralHistory());
  return (
    <HistoryRouter history={appHistory}>
      <ThemeProvider>
        <ConfigGate frame={<ExitBar />}>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
        </ConfigGate>
      </ThemeProvider>
    </HistoryRouter>
  );
}
