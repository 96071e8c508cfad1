import { Navigate, useNavigate } from 'react-router-dom';
import { Stack } from '@mui/material';
import { rootPath } from '../../domain/navigation';
import { registrationFormSchema } from '../../domain/validation/auth';
import { register } from '../../providers/login';
import { firstFieldMessage, type ErrorBody } from '../../providers/errorBodies';
import { PlainTextField } from '../components/PlainTextField';
import { PublicFormCard, usePublicSubmit } from '../components/PublicFormCard';
import { useFormState } from '../components/useFormState';
import { useStoredUser } from '../components/useStoredUser';
import { WithCounter } from '../components/WithCounter';

const EMPTY = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };
const AFTER_REGISTRATION = '/newsfeed';

/** Registration (spec 1, section 2): a staff account without a role until an administrator gives it one. */
export function RegistrationPage() {
  const user = useStoredUser();
  const navigate = useNavigate();
  const form = useFormState(registrationFormSchema, EMPTY);
  const { error, submitting, onSubmit, onCancel } = usePublicSubmit(
    form,
    async () => {
      const { firstName, lastName, email, password } = form.values;
      await register({ firstName, lastName, email, password });
      navigate(AFTER_REGISTRATION, { replace: true });
    },
    (e) => {
      const err = e as { message?: string; body?: unknown };
      const body = err?.body && typeof err.body === 'object' ? (err.body as ErrorBody) : null;
      form.setValues((v) => ({ ...v, password: '', confirmPassword: '' }));
      form.setTouched((t) => ({ ...t, password: false, confirmPassword: false }));
      return (body && firstFieldMessage(body)) || err?.message || 'Registration failed';
    },
  );

  // Someone already logged in (a restaurant account, say) goes to the first screen their role may open (the new staff go to the news feed).
  if (user && !submitting) return <Navigate to={rootPath(user.role)} replace />;

  const password = form.field('password');
  return (
    <PublicFormCard
      title="Create an account"
      hint="For agency staff. An administrator gives your account its role."
      error={error}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitLabel="Register"
      submitting={submitting}
      submitDisabled={!form.valid}
      footer={{ question: 'Already have an account?', to: '/login', label: 'Log in' }}
    >
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
    </PublicFormCard>
  );
}
