import { useNavigate } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import { formatMoney } from '../../src/components/format';
import { NewPostButton } from '../newsFeed/NewPostButton';
import { AreaRestaurants } from './AreaRestaurants';
import type { Area } from './types';
import { AREA_FIELD_LABELS } from '../../domain/fieldLabels';

const PAY_LABELS = { standard: AREA_FIELD_LABELS.standard_pay_rate, weekend: AREA_FIELD_LABELS.weekend_pay_rate } as const;

function AreaActions({ area, onEdit, onDelete }: { area: Area; onEdit: () => void; onDelete: () => void }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title="Edit area">
        <IconButton size="small" onClick={onEdit} aria-label={`Edit area ${area.name}`}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Remove area">
        <IconButton size="small" onClick={onDelete} aria-label={`Remove area ${area.name}`} color="error">
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/** A label over a value: the phone layout of the area's table row. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography>{value}</Typography>
    </Box>
  );
}

/**
 * One area (spec 1, section 2 'Areas'): a table of City, Area and both hourly rates in pounds with edit and
 * delete, then its restaurants and a button to add one.
 */
export function AreaCard({ area, phone, onEdit, onDelete }: { area: Area; phone: boolean; onEdit: () => void; onDelete: () => void }) {
  const navigate = useNavigate();
  return (
    <Card component="section" aria-label={`Area ${area.name}`} sx={{ overflow: 'hidden' }}>
      {phone ? (
        <Box sx={{ p: 2, pb: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box>
              <Typography variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
                {area.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {area.city.city_name}
              </Typography>
            </Box>
            <AreaActions area={area} onEdit={onEdit} onDelete={onDelete} />
          </Stack>
          <Stack direction="row" spacing={3} sx={{ mt: 1 }}>
            <Figure label={PAY_LABELS.standard} value={formatMoney(area.standardPayRate)} />
            <Figure label={PAY_LABELS.weekend} value={formatMoney(area.weekendPayRate)} />
          </Stack>
        </Box>
      ) : (
        <TableContainer>
          <Table aria-label={`Area ${area.name} pay rates`}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '20%' }}>City</TableCell>
                <TableCell sx={{ width: '30%' }}>Area</TableCell>
                <TableCell align="right" sx={{ width: '20%' }}>{PAY_LABELS.standard}</TableCell>
                <TableCell align="right" sx={{ width: '20%' }}>{PAY_LABELS.weekend}</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow>
                <TableCell>{area.city.city_name}</TableCell>
                <TableCell>
                  <Typography component="h2" sx={{ fontWeight: 600, fontSize: 'inherit' }}>
                    {area.name}
                  </Typography>
                </TableCell>
                <TableCell align="right">{formatMoney(area.standardPayRate)}</TableCell>
                <TableCell align="right">{formatMoney(area.weekendPayRate)}</TableCell>
                <TableCell align="right" sx={{ width: '1%', whiteSpace: 'nowrap' }}>
                  <AreaActions area={area} onEdit={onEdit} onDelete={onDelete} />
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box sx={{ px: phone ? 2 : 0, pb: 1, bgcolor: phone ? undefined : 'action.hover' }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: phone ? 0 : 2, pt: 1.5, pb: 0.5, gap: 1 }}
        >
          <Typography variant="subtitle2" component="h3" color="text.secondary">
            Restaurants ({area.restaurants.length})
          </Typography>
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <NewPostButton label="New Post" target={{ areas: [area.id] }} />
            <Button size="small" startIcon={<AddBusinessOutlinedIcon />} onClick={() => navigate('/restaurants')}>
              New Restaurant
            </Button>
          </Stack>
        </Stack>
        <AreaRestaurants areaName={area.name} restaurants={area.restaurants} phone={phone} />
      </Box>
    </Card>
  );
}
