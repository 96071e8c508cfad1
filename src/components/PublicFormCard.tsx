import { useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { MSG } from '../../domain/messages';
import { PublicShell } from './PublicShell';

/**
 * A logged-out form's submit and Cancel: a submit touches every field and stops while one is invalid or a send is
 * under way; `send` navigates on success (the form stays 'submitting' until the page goes), `failed` answers the
 * message to show (and clears what the form must clear). Cancel empties the form and its failure.
 */
export function usePublicSubmit(
  form: { valid: boolean; touchAll: () => void; reset: () => void },
  send: () => Promise<void>,
  failed: (e: unknown) => string,
) {
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    form.touchAll();
    if (!form.valid || submitting) return;
    setError(null);
    setSubmitting(true);
    try {
      await send();
    } catch (e) {
      setError(failed(e));
      setSubmitting(false);
    }
  };

  const onCancel = () => {
    form.reset();
    setError(null);
  };

  return { error, setError, submitting, onSubmit, onCancel };
}

export interface PublicFormCardProps {
  /** Drawn above the form, inside the card (the login page's account tabs). */
  header?: ReactNode;
  title: string;
  hint: ReactNode;
  /** The failure of the last submit, shown above the fields. */
  error: string | null;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  submitLabel: string;
  submitting: boolean;
  /** The submit button is off while submitting, and also when this says so. */
  submitDisabled?: boolean;
  /** The line under the buttons: a question and a link to the other logged-out page. */
  footer: { question: string; to: string; label: string };
  children: ReactNode;
}

/**
 * A logged-out page's form (login, registration) in its frame: title and hint, 'please log in' when the guard sent
 * the visitor here (`?loginError`) and nothing failed since, the failure alert, the fields, submit and Cancel, and
 * the link to the other page.
 */
export function PublicFormCard({
  header,
  title,
  hint,
  error,
  onSubmit,
  onCancel,
  submitLabel,
  submitting,
  submitDisabled = false,
  footer,
  children,
}: PublicFormCardProps) {
  const [search] = useSearchParams();
  return (
    <PublicShell>
      <Card elevation={0} variant="outlined">
        {header}
        <CardContent component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {hint}
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
          {children}
          <Stack direction="row" spacing={1.5} sx={{ mt: 2 }}>
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={submitDisabled || submitting}
              startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {submitLabel}
            </Button>
            <Button type="button" variant="outlined" size="large" fullWidth onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
          </Stack>
          <Box sx={{ mt: 3, textAlign: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {footer.question}{' '}
              <Link component={RouterLink} to={footer.to}>
                {footer.label}
              </Link>
            </Typography>
          </Box>
        </CardContent>
      </Card>
    </PublicShell>
  );
}
