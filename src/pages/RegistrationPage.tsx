import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { MSG } from '../../domain/messages';
import { registrationFormSchema } from '../../domain/validation/auth';
import { register } from '../../providers/login';
import { firstFieldMessage, type ErrorBody } from '../../providers/httpClient';
import { PlainTextField } from '../components/PlainTextField';
import { PublicShell } from '../components/PublicShell';
import { useFormState } from '../components/useFormState';
import { useStoredUser } from '../components/useStoredUser';
import { WithCounter } from '../components/WithCounter';

const EMPTY = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };
const AFTER_REGISTRATION = '/newsfeed';

/** Registration (spec 1, section 2): a staff account without a role until an administrator gives it one. */
export function RegistrationPage() {
  const user = useStoredUser();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useFormState(registrationFormSchema, EMPTY);

  if (user && !submitting) return <Navigate to={AFTER_REGISTRATION} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.valid || submitting) return;
    setError(null);
    setSubmitting(true);
    try {
      const { firstName, lastName, email, password } = form.values;
      await register({ firstName, lastName, email, password });
      navigate(AFTER_REGISTRATION, { replace: true });
    } catch (e) {
      const err = e as { message?: string; body?: unknown };
      const body = err?.body && typeof err.body === 'object' ? (err.body as ErrorBody) : null;
      setError((body && firstFieldMessage(body)) || err?.message || 'Registration failed');
      form.setValues((v) => ({ ...v, password: '', confirmPassword: '' }));
      form.setTouched((t) => ({ ...t, password: false, confirmPassword: false }));
      setSubmitting(false);
    }
  };

  const onCancel = () => {
    form.reset();
    setError(null);
  };

  const password = form.field('password');
  return (
    <PublicShell>
      <Card elevation={0} variant="outlined">
        <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h1">
            Create an account
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            For agency staff. An administrator gives your account its role.
          </Typography>
          {search.has('loginError') && !error && (
            <Alert severity="info" sx={{ my: 1 }}>
              {MSG.pleaseLogIn}
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ my: 1 }}>
              {error}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1.5 }}>
            <PlainTextField {...form.field('firstName')} label="First Name" autoComplete="given-name" margin="dense" autoFocus />
            <PlainTextField {...form.field('lastName')} label="Last Name" autoComplete="family-name" margin="dense" />
          </Stack>
          <PlainTextField {...form.field('email')} label="Email" type="email" autoComplete="email" margin="dense" />
          <PlainTextField
            {...password}
            label="Password"
            type="password"
            autoComplete="new-password"
            margin="dense"
            helperText={<WithCounter message={password.helperText} length={password.value.length} />}
          />
          <PlainTextField
            {...form.field('confirmPassword')}
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            margin="dense"
          />
          <Stack direction="row" spacing={1.5} sx={{ mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={!form.valid || submitting}
              startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              Register
            </Button>
            <Button type="button" variant="outlined" size="large" fullWidth onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
          </Stack>
          <Box sx={{ mt: 3, textAlign: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              Already have an account?{' '}
              <Link component={RouterLink} to="/login">
                Log in
              </Link>
            </Typography>
          </Box>
        </CardContent>
      </Card>
    </PublicShell>
  );
}
