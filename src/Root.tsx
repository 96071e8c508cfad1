import { BrowserRouter, useLocation } from 'react-router-dom';
import { lazyPage } from './components/lazyPage';
import { useStoredUser } from './components/useStoredUser';
import { PublicApp, isPublicPath } from './PublicApp';

// react-admin, the board and the live feed: loaded once someone is logged in, so the login form comes first and light.
export const App = lazyPage(() => import('./App'), 'App');

/**
 * The two faces of the panel under one router. A logged-out visitor, and anyone on /login or /registration, gets the
 * public pages alone; a logged-in account gets the react-admin app. Logging out unmounts the app, so the next account
 * starts with fresh caches and permissions.
 * BrowserRouter: the spec's routes are real paths (/login, /schedule), not react-admin's default hash routes; the
 * server answers index.html for them (history fallback).
 */
export function Root() {
  return (
    <BrowserRouter>
      <RootSwitch />
    </BrowserRouter>
  );
}

function RootSwitch() {
  const user = useStoredUser();
  const { pathname } = useLocation();
  return user && !isPublicPath(pathname) ? <App /> : <PublicApp />;
}
