import { useState } from 'react';
import { Button } from '@mui/material';
import { useRefresh } from 'react-admin';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import type { ImportKind } from '../../domain/validation/imports';
import { ImportDialog } from './ImportDialog';

/**
 * The Import button of the Drivers and Restaurants screens; imported rows show once the lists are asked again.
 * `onImported`: what the screen does besides (the drivers list turns to where the new rows are).
 */
export function ImportButton({ kind, onImported }: { kind: ImportKind; onImported?: () => void }) {
  const [open, setOpen] = useState(false);
  const refresh = useRefresh();
  return (
    <>
      <Button variant="outlined" startIcon={<FileUploadOutlinedIcon />} onClick={() => setOpen(true)}>
        Import
      </Button>
      <ImportDialog kind={kind} open={open} onClose={() => setOpen(false)} onImported={() => (refresh(), onImported?.())} />
    </>
  );
}
