import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { AuthProvider } from '../lib/auth';
import { createSingleEntryHistory } from '../lib/single-entry-history';
import { ExitBar } from './layout/exit-bar';
import { ConfigGate } from './providers/config-gate';
import { ThemeProvider } from './providers/theme-provider';
import { AppRoutes } from './router';

// One history entry for the whole app (see single-entry-history.ts).
const appHistory = createSingleEntryHistory();

export function App() {
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
