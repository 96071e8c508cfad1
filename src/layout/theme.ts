import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

const NAVY = '#1f4e79';
/**
 * Where the keyboard is (WCAG 2.4.7 and 2.4.11): a 2 px outline around the focused control, drawn only for keyboard
 * focus (MUI's Mui-focusVisible, the browser's :focus-visible), so a mouse click leaves no ring. Navy on the light
 * pages; white on the navy top bar, where a navy ring would not show.
 */
const focusRing = (color: string, offset: number) => ({
  '&.Mui-focusVisible, &:focus-visible': { outline: `2px solid ${color}`, outlineOffset: offset },
});

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
    MuiAppBar: {
      defaultProps: { elevation: 1 },
      styleOverrides: { root: { '& .MuiButtonBase-root, & a': focusRing('#ffffff', 2) } },
    },
    MuiButtonBase: { styleOverrides: { root: focusRing(NAVY, 2) } },
    MuiLink: { styleOverrides: { root: { ...focusRing(NAVY, 2), borderRadius: 2 } } },
    // Inside lists and tab strips that clip what overflows them, the ring is drawn just inside the item; a hovered
    // item only darkens, so a focused one (ringed) always looks different from a hovered one.
    MuiMenuItem: { styleOverrides: { root: focusRing(NAVY, -2) } },
    MuiTab: { styleOverrides: { root: focusRing(NAVY, -2) } },
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
