import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** A calm navy primary on a light grey background; system fonts (nothing fetched from outside). */
export const theme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1f4e79', light: '#4f7aa8', dark: '#0f2f4f', contrastText: '#ffffff' },
    secondary: { main: '#2b7a78', contrastText: '#ffffff' },
    // MUI's red (#d32f2f) is 4.06:1 on a filled field's hover grey, under WCAG's 4.5:1 for an error label.
    error: { main: '#c62828', light: '#e57373', dark: '#b71c1c', contrastText: '#ffffff' },
    background: { default: '#f3f5f8', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h5: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  sidebar: { width: 220, closedWidth: 56 },
  components: {
    ...defaultLightTheme.components,
    MuiAppBar: { defaultProps: { elevation: 1 } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    // A disabled field's helper text says why it is disabled ('You cannot change your own role'), and a read-only
    // dialog's chips are its content: both must stay readable (WCAG contrast 4.5:1), not fade to MUI's disabled grey.
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.6)' } } } },
    MuiChip: { styleOverrides: { root: { '&.Mui-disabled': { opacity: 0.75 } } } },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          borderRadius: 8,
          margin: '2px 6px',
          '&.RaMenuItemLink-active': {
            backgroundColor: 'rgba(31, 78, 121, 0.10)',
            color: '#1f4e79',
            fontWeight: 600,
            '& .MuiListItemIcon-root': { color: '#1f4e79' },
          },
        },
      },
    },
  },
};
