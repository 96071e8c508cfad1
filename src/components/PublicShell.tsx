import type { ReactNode } from 'react';
import { AppBar, Box, Button, Toolbar, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import { APP_NAME } from './brand';

/** The public website the 'Back to website' button leaves for (VITE_SITE_URL, default the site root). */
const SITE_URL: string = import.meta.env.VITE_SITE_URL || '/';

/** Frame of the logged-out pages (login, registration): a slim bar with 'Back to website' and a centred card. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar position="static" color="primary" elevation={1}>
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <LocalShippingOutlinedIcon fontSize="small" />
          <Typography variant="subtitle1" component="span" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {APP_NAME}
          </Typography>
          <Button
            color="inherit"
            startIcon={<ArrowBackIcon />}
            onClick={() => {
              window.location.href = SITE_URL;
            }}
          >
            Back to website
          </Button>
        </Toolbar>
      </AppBar>
      <Box
        component="main"
        sx={{
          flexGrow: 1,
          display: 'flex',
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'center',
          p: { xs: 1.5, sm: 3 },
        }}
      >
        <Box sx={{ width: '100%', maxWidth: 440 }}>{children}</Box>
      </Box>
    </Box>
  );
}
