import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from '../lib/auth';
import { ConfigGate } from './providers/config-gate';
import { ThemeProvider } from './providers/theme-provider';
import { AppRoutes } from './router';

export function App() {
  return (
    <ThemeProvider>
      <ConfigGate>
        <AuthProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AuthProvider>
      </ConfigGate>
    </ThemeProvider>
  );
}
