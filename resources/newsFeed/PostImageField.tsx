import { useEffect, useMemo, useRef } from 'react';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import { IMAGE_EXTENSIONS } from '../../domain/validation/image';
import { imageUrl } from './types';

const ACCEPT = [...IMAGE_EXTENSIONS.map((e) => `.${e}`), 'image/png', 'image/jpeg', 'image/bmp'].join(',');

/** A preview address for a chosen file (jsdom has none: no preview there). */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

/**
 * The post's image: choose a png, jpeg, jpg or bmp file under 10 MB (checked here on name and size, and by the
 * server on its bytes), see it, or remove it. An edited post shows its current image until replaced or removed.
 */
export function PostImageField({
  file,
  current,
  error,
  onChoose,
  onRemove,
  disabled,
}: {
  file: File | null;
  /** The stored image of an edited post, unless removed. */
  current: string | null;
  error?: string | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const preview = usePreview(file);
  const shown = preview ?? (current && !file ? imageUrl(current) : null);
  return (
    <Box sx={{ mt: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 1 }}>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label="Image file"
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            if (chosen) onChoose(chosen);
            e.target.value = '';
          }}
        />
        <Button variant="outlined" size="small" startIcon={<ImageOutlinedIcon />} onClick={() => input.current?.click()} disabled={disabled}>
          {file || current ? 'Change Image' : 'Choose Image'}
        </Button>
        {(file || current) && (
          <Button size="small" color="error" onClick={onRemove} disabled={disabled}>
            Remove Image
          </Button>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {file ? file.name : current ? 'Current image' : 'No image (png, jpeg, jpg or bmp, under 10 MB)'}
        </Typography>
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
      {shown && !error && (
        <Box
          component="img"
          src={shown}
          alt="Post image"
          sx={{ display: 'block', mt: 1, maxWidth: '100%', maxHeight: 160, borderRadius: 1, objectFit: 'contain' }}
        />
      )}
    </Box>
  );
}
