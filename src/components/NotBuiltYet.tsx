import { Title } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import { RoleGate } from './RoleGate';

/** Placeholder for the screens of later work: names the screen and says it is not built yet. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <>
      <Title title={title} />
      <RoleGate>
        <Box sx={{ p: { xs: 1, sm: 3 }, display: 'flex', justifyContent: 'center' }}>
          <Card sx={{ maxWidth: 560, width: '100%' }}>
            <CardContent sx={{ textAlign: 'center', py: 5 }}>
              <ConstructionOutlinedIcon color="primary" sx={{ fontSize: 52, mb: 1 }} />
              <Typography variant="h5" component="h1" gutterBottom>
                {title}
              </Typography>
              <Typography color="text.secondary">The {title} screen is not built yet.</Typography>
            </CardContent>
          </Card>
        </Box>
      </RoleGate>
    </>
  );
}
