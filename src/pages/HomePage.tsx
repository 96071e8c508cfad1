import { useState } from 'react';
import { Title, useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  IconButton,
  Stack,
  TableContainer,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { OWN_MSG } from '../../domain/messages';
import { isStaffRole, RESTAURANT_ROLE, ROLE_LABELS } from '../../domain/roles';
import { setStoredUser, type StoredRestaurant, type StoredUser } from '../../providers/session';
import { CalendarFeedPanel } from '../components/CalendarFeedPanel';
import { RestaurantTable, restaurantAddress } from '../components/RestaurantTable';
import { useStoredUser } from '../components/useStoredUser';
import { lazyDialog } from '../components/lazyDialog';

const RestaurantProfileDialog = lazyDialog(() => import('../../resources/restaurants/RestaurantProfileDialog'), 'RestaurantProfileDialog');

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{value || '—'}</Typography>
    </Box>
  );
}

function EditProfile({ restaurant, onEdit }: { restaurant: StoredRestaurant; onEdit: (r: StoredRestaurant) => void }) {
  return (
    <Tooltip title="Edit profile">
      <IconButton size="small" aria-label={`Edit profile of ${restaurant.name}`} onClick={() => onEdit(restaurant)}>
        <EditOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

function RestaurantsList({ restaurants, onEdit }: { restaurants: StoredRestaurant[]; onEdit: (r: StoredRestaurant) => void }) {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  if (restaurants.length === 0) {
    return <Typography color="text.secondary">No restaurants are linked to this account yet.</Typography>;
  }
  if (isPhone) {
    return (
      <Stack spacing={1} aria-label="My restaurants">
        {restaurants.map((r) => (
          <Card key={r.id} variant="outlined">
            <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{r.name}</Typography>
                <EditProfile restaurant={r} onEdit={onEdit} />
              </Stack>
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start', color: 'text.secondary', mt: 0.5 }}>
                <PlaceOutlinedIcon fontSize="small" />
                <Typography variant="body2">{restaurantAddress(r) || 'No address'}</Typography>
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <RestaurantTable
        label="My restaurants"
        nameHeader="Name"
        actionsHeader="Profile"
        restaurants={restaurants}
        name={(r) => r.name}
        actions={(r) => <EditProfile restaurant={r} onEdit={onEdit} />}
      />
    </TableContainer>
  );
}

/** The stored user with one restaurant replaced by what the profile call answered (spec 2, section 2). */
export function withSavedRestaurant(user: StoredUser, saved: Record<string, unknown> & { id: number }): StoredUser {
  return { ...user, restaurants: user.restaurants.map((r) => (r.id === saved.id ? ({ ...r, ...saved } as StoredRestaurant) : r)) };
}

/**
 * Home (spec 1, section 2): the account's details; a restaurant account also sees its restaurants and edits
 * their profile (spec 2, section 2). A saved profile replaces the stored restaurant, which every screen reading
 * the stored user hears of.
 */
export function HomePage() {
  const user = useStoredUser();
  const notify = useNotify();
  const [editing, setEditing] = useState<StoredRestaurant | null>(null);
  if (!user) return null;
  const isRestaurant = user.role === RESTAURANT_ROLE;
  const roleLabel = isRestaurant ? 'Restaurant account' : isStaffRole(user.role) ? ROLE_LABELS[user.role] : 'No role yet';

  return (
    <Box sx={{ maxWidth: 960, width: '100%', mx: 'auto', py: { xs: 1, sm: 2 } }}>
      <Title title="Home" />
      <Stack spacing={2}>
        <Card>
          <CardContent>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 1 }}>
              <Typography variant="h5" component="h1">
                My account
              </Typography>
              <Chip label={roleLabel} color={user.role === null ? 'default' : 'primary'} variant="outlined" size="small" />
            </Stack>
            {user.role === null && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {OWN_MSG.noRoleYet}
              </Alert>
            )}
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: isRestaurant ? '1fr 2fr' : 'repeat(3, 1fr)' },
              }}
            >
              {isRestaurant ? (
                <Detail label="Business name" value={user.firstName} />
              ) : (
                <>
                  <Detail label="First name" value={user.firstName} />
                  <Detail label="Last name" value={user.lastName} />
                </>
              )}
              <Detail label="E-mail" value={user.email} />
            </Box>
          </CardContent>
        </Card>
        {isRestaurant && (
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                My restaurants
              </Typography>
              <RestaurantsList restaurants={user.restaurants} onEdit={setEditing} />
            </CardContent>
          </Card>
        )}
        {isRestaurant && (
          <Card>
            <CardContent>
              <CalendarFeedPanel owner={{ kind: 'me' }} who={user.firstName} heading="h6" />
            </CardContent>
          </Card>
        )}
      </Stack>
      {editing && (
        <RestaurantProfileDialog
          restaurant={editing}
          email={user.email}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setStoredUser(withSavedRestaurant(user, saved));
            notify('Restaurant profile saved', { type: 'success' });
          }}
        />
      )}
    </Box>
  );
}
