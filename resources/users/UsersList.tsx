import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DataTable, List, SearchInput, TopToolbar, useGetList, useListContext, useNotify } from 'react-admin';
import { Button, Card, CardContent, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { LIST_PER_PAGE_DEFAULT } from '../../domain/validation/listQuery';
import { USER_MSG } from '../../domain/validation/user';
import { subscribeToFeed } from '../../providers/realtime';
import { ListPagination } from '../../src/components/ListPagination';
import { RoleGate } from '../../src/components/RoleGate';
import { useStoredUser } from '../../src/components/useStoredUser';
import { CreateDialogBase, RecordDialogBase, type DialogSave } from '../../src/components/forms';
import { useAppDataProvider } from '../../providers/dataProvider';
import { areaLabel } from '../../src/components/areaLabel';
import { AREA_NAMES } from '../listDefaults';
import { DeleteUserDialog } from './DeleteUserDialog';
import { CREATE_TITLE, UserDialog } from './UserDialog';
import { reach, RoleChip, UserActions } from './UserCells';
import { AREA_RESOURCE, USER_CHANNEL, USERS, type CreatedUser, type PanelUser } from './types';
import type { AreaName } from '../../domain/validation/area';

const Col = DataTable.Col<PanelUser>;
const EVERY = { page: 1, perPage: 0 };
const BY_NAME = { field: 'name', order: 'ASC' as const };

type Open = { kind: 'create' } | { kind: 'edit'; user: PanelUser } | { kind: 'delete'; user: PanelUser } | null;
const Dialogs = createContext<(open: Open) => void>(() => {});

const errorText = (error: unknown, fallback: string) => (error as { message?: string })?.message || fallback;

/**
 * The administrators screen, /users (spec 1, section 2): react-admin's list of staff users, paged, sorted and
 * searched by the server (name or e-mail), with the Create Administrator, edit and remove dialogs. Only
 * administrators open it (canAccess); any user_channel message reloads the page.
 */
export function UsersList() {
  const [open, setOpen] = useState<Open>(null);
  // The gate keeps the list from asking the server at all for a role that may not open it.
  return (
    <RoleGate path="/users">
    <Dialogs.Provider value={setOpen}>
      <List
        resource="users"
        title="Administrators"
        sort={{ field: 'full_name', order: 'ASC' }}
        perPage={LIST_PER_PAGE_DEFAULT}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search name or e-mail" inputProps={{ 'aria-label': 'Search users' }} />]}
        actions={<CreateUserButton />}
        pagination={<ListPagination />}
        exporter={false}
        empty={false}
        sx={{ maxWidth: 1100, width: '100%', mx: 'auto' }}
      >
        <UsersBody open={open} onClose={() => setOpen(null)} />
      </List>
    </Dialogs.Provider>
    </RoleGate>
  );
}

function CreateUserButton() {
  const open = useContext(Dialogs);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <TopToolbar>
      <Button variant="contained" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => open({ kind: 'create' })} sx={{ whiteSpace: 'nowrap' }}>
        {phone ? 'Create' : CREATE_TITLE}
      </Button>
    </TopToolbar>
  );
}

function NoUsers() {
  const { filterValues } = useListContext();
  const search = String(filterValues.q ?? '').trim();
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {search ? `No users match "${search}"` : 'No users yet'}
    </Typography>
  );
}

/** The rows (a table, or cards on a phone) and the dialogs, which save through the API and reload the page. */
function UsersBody({ open, onClose }: { open: Open; onClose: () => void }) {
  const self = useStoredUser();
  const notify = useNotify();
  const dataProvider = useAppDataProvider();
  const setOpen = useContext(Dialogs);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const { refetch } = useListContext<PanelUser>();
  // The Reaches column names the areas: their names are enough (not their restaurants).
  const { data: areas = [] } = useGetList<AreaName>(AREA_RESOURCE, { pagination: EVERY, sort: BY_NAME, meta: { query: AREA_NAMES.query } });
  const areaNames = useMemo(() => new Map(areas.map((a) => [a.id, areaLabel(a)])), [areas]);

  useEffect(() => subscribeToFeed(USER_CHANNEL, () => void refetch()), [refetch]);

  /** A 400 shows its first message in the snackbar too (spec 1, section 8); the dialog shows the fields. */
  const failing = (error: unknown): never => {
    notify(errorText(error, 'Saving the user failed'), { type: 'error' });
    throw error;
  };
  const saved = () => {
    onClose();
    void refetch();
  };

  const onCreate = (save: DialogSave<CreatedUser>) => async (body: Record<string, unknown>) => {
    const created = await save(body).catch(failing);
    saved();
    const { email } = created.restCredentials;
    try {
      await dataProvider.sendUserCredentials(created.restCredentials);
      notify(`User ${created.full_name || email} created. ${USER_MSG.credentialsSent} ${email}.`, { type: 'success' });
    } catch (error) {
      notify(`User created, but the login details were not e-mailed: ${errorText(error, USER_MSG.mailFailed)}`, { type: 'error' });
    }
  };
  const onUpdate = (save: DialogSave<PanelUser>) => async (body: Record<string, unknown>) => {
    // `inactive=false` as the spec's call carries it; the server ignores it for staff users.
    await save(body, { query: { inactive: false } }).catch(failing);
    saved();
    notify('User updated', { type: 'success' });
  };
  const onDelete = (user: PanelUser) => async () => {
    try {
      await dataProvider.delete(USERS, { id: user.id, previousData: user });
      notify(`User ${user.full_name || user.email} removed`, { type: 'success' });
      void refetch();
    } catch (error) {
      notify(errorText(error, 'Removing the user failed'), { type: 'error' });
    }
    onClose();
  };

  const actions = (user: PanelUser) => (
    <UserActions user={user} self={user.id === self?.id} onEdit={() => setOpen({ kind: 'edit', user })} onDelete={() => setOpen({ kind: 'delete', user })} />
  );
  return (
    <>
      {phone ? (
        <UserCards>{(u) => (
          <>
            <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
              <div style={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{u.full_name || '—'}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {u.email}
                </Typography>
              </div>
              {actions(u)}
            </Stack>
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
              <RoleChip role={u.role} />
              <Typography variant="body2" color="text.secondary" noWrap>
                {reach(u, areaNames)}
              </Typography>
            </Stack>
          </>
        )}</UserCards>
      ) : (
        <DataTable<PanelUser> bulkActionButtons={false} rowClick={false} empty={<NoUsers />} aria-label="Users">
          <Col source="full_name" label="Name" render={(u) => u.full_name || '—'} sx={{ fontWeight: 500, whiteSpace: 'nowrap' }} />
          <Col source="email" label="E-mail" sx={{ overflowWrap: 'break-word' }} />
          <Col source="role" label="Role" render={(u) => <RoleChip role={u.role} />} />
          <Col label="Reaches" disableSort render={(u) => reach(u, areaNames)} sx={{ color: 'text.secondary' }} />
          <Col label="Actions" align="right" disableSort render={actions} sx={{ width: 96 }} />
        </DataTable>
      )}
      {open?.kind === 'create' && (
        <CreateDialogBase<CreatedUser> resource="users">{(save) => <UserDialog selfId={self?.id} onSubmit={onCreate(save)} onClose={onClose} />}</CreateDialogBase>
      )}
      {open?.kind === 'edit' && (
        <RecordDialogBase<PanelUser>
          resource="users"
          id={open.user.id}
          onClose={onClose}
          noun="user"
          notFound={USER_MSG.notFound}
        >
          {(save, user) => <UserDialog key={open.user.id} user={user} selfId={self?.id} onSubmit={onUpdate(save)} onClose={onClose} />}
        </RecordDialogBase>
      )}
      {open?.kind === 'delete' && <DeleteUserDialog user={open.user} onConfirm={onDelete(open.user)} onClose={onClose} />}
    </>
  );
}

/** The page's users as cards (a phone's layout). */
function UserCards({ children }: { children: (user: PanelUser) => ReactNode }) {
  const { data = [], isPending } = useListContext<PanelUser>();
  if (!isPending && !data.length) return <NoUsers />;
  return (
    <Stack spacing={1} aria-label="Users" sx={{ p: 1 }}>
      {data.map((u) => (
        <Card key={u.id} variant="outlined">
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>{children(u)}</CardContent>
        </Card>
      ))}
    </Stack>
  );
}
