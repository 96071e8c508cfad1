import type { ReactElement } from 'react';
import { Menu, useCanAccessResources } from 'react-admin';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import FeedOutlinedIcon from '@mui/icons-material/FeedOutlined';
import DeliveryDiningIcon from '@mui/icons-material/DeliveryDining';
import StorefrontIcon from '@mui/icons-material/Storefront';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import InsightsIcon from '@mui/icons-material/Insights';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import HistoryIcon from '@mui/icons-material/History';
import { MENU, screenOf } from '../../domain/navigation';
import { APP_NAME } from '../components/brand';

const ICONS: Record<string, ReactElement> = {
  '/schedule': <CalendarMonthIcon />,
  '/schedulerestaurant': <CalendarMonthIcon />,
  '/timesheet': <AccessTimeIcon />,
  '/timesheetrestaurant': <AccessTimeIcon />,
  '/invoices': <ReceiptLongIcon />,
  '/invoicesrestaurant': <ReceiptLongIcon />,
  '/newsfeed': <FeedOutlinedIcon />,
  '/drivers': <DeliveryDiningIcon />,
  '/restaurants': <StorefrontIcon />,
  '/areas': <MapOutlinedIcon />,
  '/reporting': <InsightsIcon />,
  '/history': <HistoryIcon />,
  '/users': <ManageAccountsIcon />,
};

const SCREENS = MENU.map((link) => screenOf(link.path));

/** The drawer: the screens react-admin's `canAccess` lets the account list (the rule table, domain/access.ts). */
export function AppMenu() {
  const { canAccess, isPending } = useCanAccessResources({ action: 'list', resources: SCREENS });
  const links = MENU.filter((link) => canAccess?.[screenOf(link.path)]);
  // On a phone the drawer slides over the top bar, so it carries the product name itself.
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <Menu aria-label="Main menu">
      {isPhone && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2.5, py: 1.5, color: 'primary.main' }}>
          <LocalShippingOutlinedIcon fontSize="small" />
          <Typography sx={{ fontWeight: 700 }}>{APP_NAME}</Typography>
        </Box>
      )}
      {isPending ? null : links.length === 0 ? (
        <Menu.Item to="/home" primaryText="Home" leftIcon={<HomeOutlinedIcon />} />
      ) : (
        links.map((link) => (
          <Menu.Item key={link.path} to={link.path} primaryText={link.label} leftIcon={ICONS[link.path]} />
        ))
      )}
    </Menu>
  );
}
