import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Link,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { landingPath } from '../../domain/navigation';
import { MSG } from '../../domain/messages';
import { LOGIN_RULES } from '../../domain/validation/loginRules';
import { textMessages } from '../../domain/validation/textRules';
import { afterLoginPath, logIn, type LoginKind, type LoginParams } from '../../providers/login';
import { PlainTextField } from '../components/PlainTextField';
import { PublicShell } from '../components/PublicShell';
import { useFormState } from '../components/useFormState';
import { useStoredUser } from '../components/useStoredUser';

const TABS: { kind: LoginKind; label: string; hint: string }[] = [
  { kind: 'restaurant', label: 'Business', hint: 'Restaurant accounts' },
  { kind: 'staff', label: 'Admin', hint: 'Administrators and managers' },
];
const TAB_KEY = 'loginTab';
const EMPTY = { email: '', password: '' };
// The login page loads before any schema library: its two fields are checked by their rules alone (loginRules.ts).
const checkLogin = (values: typeof EMPTY) => textMessages(LOGIN_RULES, values);

function initialKind(): LoginKind {
  try {
    return window.localStorage.getItem(TAB_KEY) === 'staff' ? 'staff' : 'restaurant';
  } catch {
    return 'restaurant';
  }
}

/** Login (spec 1, section 2): tabs Business (restaurant accounts) and Admin (staff). */
export function LoginPage() {
  const user = useStoredUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const [kind, setKind] = useState<LoginKind>(initialKind);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useFormState(checkLogin, EMPTY);

  // While submitting, onSubmit navigates (back where the guard stopped the user, or the landing page).
  if (user && !submitting) return <Navigate to={landingPath(user.role)} replace />;

  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const next = state?.nextPathname ? state.nextPathname + (state.nextSearch ?? '') : null;
  const guarded = search.has('loginError');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.valid || submitting) return;
    setError(null);
    setSubmitting(true);
    try {
      const params: LoginParams = { email: form.values.email, password: form.values.password, kind, next };
      const user = await logIn(params);
      navigate(afterLoginPath(user, next));
    } catch (e) {
      const err = e as { status?: number; message?: string };
      setError(err?.status === 401 ? MSG.incorrectLogins : err?.message || MSG.incorrectLogins);
      setSubmitting(false);
    }
  };

  const onCancel = () => {
    form.reset();
    setError(null);
  };

  const onTab = (_: unknown, value: LoginKind) => {
    setKind(value);
    setError(null);
    try {
      window.localStorage.setItem(TAB_KEY, value);
    } catch {
      // Private mode: the choice is simply not remembered.
    }
  };

  return (
    <PublicShell>
      <Card elevation={0} variant="outlined">
        <Tabs value={kind} onChange={onTab} variant="fullWidth" aria-label="Account type">
          {TABS.map((t) => (
            <Tab key={t.kind} value={t.kind} label={t.label} />
          ))}
        </Tabs>
        <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h1">
            Log in
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {TABS.find((t) => t.kind === kind)?.hint}
          </Typography>
          {guarded && !error && (
            <Alert severity="info" sx={{ my: 1 }}>
              {MSG.pleaseLogIn}
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ my: 1 }}>
              {error}
            </Alert>
          )}
          <PlainTextField
            {...form.field('email')}
            label="Email"
            type="email"
            autoComplete="username"
            margin="normal"
            autoFocus
          />
          <PlainTextField
            {...form.field('password')}
            label="Password"
            type="password"
            autoComplete="current-password"
            margin="normal"
          />
          <Stack direction="row" spacing={1.5} sx={{ mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={submitting}
              startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              Log In
            </Button>
            <Button type="button" variant="outlined" size="large" fullWidth onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
          </Stack>
          <Box sx={{ mt: 3, textAlign: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              New staff member?{' '}
              <Link component={RouterLink} to="/registration">
                Create an account
              </Link>
            </Typography>
          </Box>
        </CardContent>
      </Card>
    </PublicShell>
  );
}
