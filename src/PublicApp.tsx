import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LOGIN_ERROR_URL } from '../providers/login';
import { wasLoggedOut } from '../providers/session';
import { theme } from './layout/theme';
import { LoginPage } from './pages/LoginPage';
import { lazyPage } from './components/lazyPage';

// Registration is rarer than login and brings the schema library (its form checks the shared zod schema): its own chunk.
const RegistrationPage = lazyPage(() => import('./pages/RegistrationPage'), 'RegistrationPage');

const PUBLIC_PATHS = ['/login', '/registration'];
export const isPublicPath = (pathname: string) => PUBLIC_PATHS.includes(pathname);

const publicTheme = createTheme(theme);

/**
 * The logged-out pages: login and registration, with the same theme as the app. Any other path needs an account:
 * the visitor is sent to /login, told why, and brought back there after logging in (unless they just logged out).
 */
export function PublicApp() {
  return (
    <ThemeProvider theme={publicTheme}>
      <CssBaseline />
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/registration" element={<RegistrationPage />} />
        <Route path="*" element={<ToLogin />} />
      </Routes>
    </ThemeProvider>
  );
}

function ToLogin() {
  const location = useLocation();
  if (wasLoggedOut()) return <Navigate to="/login" replace />;
  return <Navigate to={LOGIN_ERROR_URL} replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
}
