import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { landingPath } from '../../domain/navigation';
import { MSG } from '../../domain/messages';
import { LOGIN_RULES } from '../../domain/validation/loginRules';
import { textMessages } from '../../domain/validation/textRules';
import { afterLoginPath, logIn, type LoginKind, type LoginParams } from '../../providers/login';
import { PlainTextField } from '../components/PlainTextField';
import { PublicFormCard, usePublicSubmit } from '../components/PublicFormCard';
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
  const [kind, setKind] = useState<LoginKind>(initialKind);
  const form = useFormState(checkLogin, EMPTY);
  const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
  const next = state?.nextPathname ? state.nextPathname + (state.nextSearch ?? '') : null;
  const { error, setError, submitting, onSubmit, onCancel } = usePublicSubmit(
    form,
    async () => {
      const params: LoginParams = { email: form.values.email, password: form.values.password, kind, next };
      const user = await logIn(params);
      navigate(afterLoginPath(user, next));
    },
    (e) => {
      const err = e as { status?: number; message?: string };
      return err?.status === 401 ? MSG.incorrectLogins : err?.message || MSG.incorrectLogins;
    },
  );

  // While submitting, onSubmit navigates (back where the guard stopped the user, or the landing page).
  if (user && !submitting) return <Navigate to={landingPath(user.role)} replace />;

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
    <PublicFormCard
      header={
        <Tabs value={kind} onChange={onTab} variant="fullWidth" aria-label="Account type">
          {TABS.map((t) => (
            <Tab key={t.kind} value={t.kind} label={t.label} />
          ))}
        </Tabs>
      }
      title="Log in"
      hint={TABS.find((t) => t.kind === kind)?.hint}
      error={error}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitLabel="Log In"
      submitting={submitting}
      footer={{ question: 'New staff member?', to: '/registration', label: 'Create an account' }}
    >
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
    </PublicFormCard>
  );
}
