import { useEffect, useMemo, useState } from 'react';
import { Title, useGetList, useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  InputAdornment,
  LinearProgress,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import SearchIcon from '@mui/icons-material/Search';
import { USER_MSG, matchesUserSearch } from '../../domain/validation/user';
import { subscribeToFeed } from '../../providers/realtime';
import { RoleGate } from '../../src/components/RoleGate';
import { useStoredUser } from '../../src/components/useStoredUser';
import { createUser, deleteUser, sendCredentials, updateUser } from './api';
import { DeleteUserDialog } from './DeleteUserDialog';
import { CREATE_TITLE, UserDialog } from './UserDialog';
import { UserList } from './UserList';
import { AREA_RESOURCE, USER_CHANNEL, USER_RESOURCE, type AreaWithRestaurants, type PanelUser } from './types';

// The API answers full lists (design section 4): ask the data provider for all of them.
const ALL = { page: 1, perPage: 0 };
// react-admin would sort by id otherwise; the server's order (by name) is kept this way.
const BY_NAME = { field: 'full_name', order: 'ASC' as const };

type Open = { kind: 'create' } | { kind: 'edit'; user: PanelUser } | { kind: 'delete'; user: PanelUser } | null;

function errorText(error: unknown, fallback: string): string {
  return (error as { message?: string })?.message || fallback;
}

/** The administrators screen, /users: administrators only (others get RoleGate's message and no fetch). */
export function UsersPage() {
  return (
    <>
      <Title title="Administrators" />
      <RoleGate path="/users">
        <UsersScreen />
      </RoleGate>
    </>
  );
}

/**
 * Staff users with search, create, edit and remove (spec 1, section 2). On load it fetches the users and the
 * areas with their restaurants; any user_channel message (this administrator's change or another's) reloads
 * the list.
 */
function UsersScreen() {
  const self = useStoredUser();
  const notify = useNotify();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const users = useGetList<PanelUser>(USER_RESOURCE, { pagination: ALL, sort: BY_NAME });
  const areas = useGetList<AreaWithRestaurants & { id: number }>(AREA_RESOURCE, { pagination: ALL });
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<Open>(null);
  const { refetch } = users;

  useEffect(() => subscribeToFeed(USER_CHANNEL, () => void refetch()), [refetch]);

  const shown = useMemo(() => (users.data ?? []).filter((u) => matchesUserSearch(u, search)), [users.data, search]);
  const areaList = areas.data ?? [];
  const close = () => setOpen(null);

  /** A 400 shows its first message in the snackbar too (spec 1, section 8); the dialog shows the fields. */
  const failing = (error: unknown): never => {
    notify(errorText(error, 'Saving the user failed'), { type: 'error' });
    throw error;
  };

  const onCreate = async (body: Record<string, unknown>) => {
    const created = await createUser(body).catch(failing);
    close();
    void refetch();
    const { email } = created.restCredentials;
    try {
      await sendCredentials(created.restCredentials);
      notify(`User ${created.user.full_name || email} created. ${USER_MSG.credentialsSent} ${email}.`, { type: 'success' });
    } catch (error) {
      notify(`User created, but the login details were not e-mailed: ${errorText(error, USER_MSG.mailFailed)}`, { type: 'error' });
    }
  };

  const onUpdate = (user: PanelUser) => async (body: Record<string, unknown>) => {
    await updateUser(user.id, body).catch(failing);
    close();
    void refetch();
    notify('User updated', { type: 'success' });
  };

  const onDelete = (user: PanelUser) => async () => {
    try {
      await deleteUser(user.id);
      notify(`User ${user.full_name || user.email} removed`, { type: 'success' });
      void refetch();
    } catch (error) {
      notify(errorText(error, 'Removing the user failed'), { type: 'error' });
    }
    close();
  };

  const loading = users.isPending || areas.isPending;
  return (
    <>
      <Box sx={{ maxWidth: 1100, width: '100%', mx: 'auto', py: { xs: 0, sm: 1 } }}>
        <Card>
          {loading && <LinearProgress aria-label="Loading users" />}
          <CardContent>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
            >
              <Typography variant="h5" component="h1">
                Administrators
              </Typography>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  placeholder="Search name or e-mail"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                  sx={{ flex: 1, minWidth: { sm: 260 } }}
                  slotProps={{
                    htmlInput: { 'aria-label': 'Search users' },
                    input: {
                      startAdornment: (
                        <InputAdornment position="start">
                          <SearchIcon fontSize="small" />
                        </InputAdornment>
                      ),
                    },
                  }}
                />
                <Button
                  variant="contained"
                  startIcon={<PersonAddAlt1OutlinedIcon />}
                  onClick={() => setOpen({ kind: 'create' })}
                  sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                >
                  {phone ? 'Create' : CREATE_TITLE}
                </Button>
              </Stack>
            </Stack>
            {users.error ? (
              <Alert severity="error">{errorText(users.error, 'The users could not be loaded')}</Alert>
            ) : !loading && shown.length === 0 ? (
              <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                {search.trim() ? `No users match "${search.trim()}"` : 'No users yet'}
              </Typography>
            ) : (
              <UserList
                users={shown}
                areas={areaList}
                selfId={self?.id}
                phone={phone}
                onEdit={(user) => setOpen({ kind: 'edit', user })}
                onDelete={(user) => setOpen({ kind: 'delete', user })}
              />
            )}
          </CardContent>
        </Card>
      </Box>
      {open?.kind === 'create' && <UserDialog areas={areaList} selfId={self?.id} onSubmit={onCreate} onClose={close} />}
      {open?.kind === 'edit' && (
        <UserDialog key={open.user.id} user={open.user} areas={areaList} selfId={self?.id} onSubmit={onUpdate(open.user)} onClose={close} />
      )}
      {open?.kind === 'delete' && <DeleteUserDialog user={open.user} onConfirm={onDelete(open.user)} onClose={close} />}
    </>
  );
}
