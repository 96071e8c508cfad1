import { useEffect, useId, useMemo, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { IMAGE_EXTENSIONS, imageFileProblem } from '../../domain/validation/image';

/**
 * An image field of a form (a logo, a driver's photo). Its value says what the save does: a new `file`
 * replaces the image, `keep` (the stored file name) keeps it, neither removes it, which is how the server reads
 * the multipart body. A chosen file is checked for size and type before it is accepted (spec 2, section 5).
 */
export interface ImageValue {
  file: File | null;
  keep: string | null;
}

export const NO_IMAGE: ImageValue = { file: null, keep: null };
export const storedImage = (file: string | null | undefined): ImageValue => ({ file: null, keep: file || null });

/** Where stored images and their thumbnails are served (spec 2, section 7). */
export const imageUrl = (file: string) => `/images/${encodeURIComponent(file)}`;
export const thumbUrl = (file: string) => `/images/thumb/${encodeURIComponent(file)}`;

/** A preview address for a chosen file, released when it is no longer shown. */
export function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

interface Props {
  label: string;
  value: ImageValue;
  onChange: (value: ImageValue) => void;
  /** Accepted name endings (driver photos: png and jpeg only). */
  extensions?: readonly string[];
  removeLabel?: string;
  /** A message from the server for this field. */
  error?: string;
  disabled?: boolean;
  /** Read-only: show the image, no buttons. */
  readOnly?: boolean;
}

export function ImageUpload({ label, value, onChange, extensions = IMAGE_EXTENSIONS, removeLabel = 'Remove', error, disabled, readOnly }: Props) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(value.file);
  const src = preview ?? (value.keep ? thumbUrl(value.keep) : null);
  const full = preview ?? (value.keep ? imageUrl(value.keep) : null);
  const shown = problem ?? error;

  const choose = (file: File | undefined) => {
    if (!file) return;
    const bad = imageFileProblem(file, extensions);
    setProblem(bad);
    if (!bad) onChange({ file, keep: null });
  };

  return (
    <Box role="group" aria-label={label} sx={{ border: 1, borderColor: shown ? 'error.main' : 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: 96,
            height: 72,
            flexShrink: 0,
            borderRadius: 1,
            bgcolor: 'action.hover',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
          }}
        >
          {src ? (
            <a href={full!} target="_blank" rel="noreferrer" style={{ display: 'block', width: '100%', height: '100%' }}>
              <img src={src} alt={label} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            </a>
          ) : (
            <Typography variant="caption" color="text.secondary">
              None
            </Typography>
          )}
        </Box>
        {!readOnly && (
          <Stack spacing={0.5} sx={{ minWidth: 0 }}>
            <Button
              component="label"
              htmlFor={inputId}
              size="small"
              variant="outlined"
              startIcon={<AddPhotoAlternateOutlinedIcon />}
              disabled={disabled}
            >
              {src ? 'Change' : 'Choose file'}
              <input
                id={inputId}
                hidden
                type="file"
                aria-label={`${label} file`}
                accept={extensions.map((e) => `.${e}`).join(',')}
                disabled={disabled}
                onChange={(e) => {
                  choose(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
            </Button>
            {src && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlineIcon />}
                disabled={disabled}
                onClick={() => {
                  setProblem(null);
                  onChange(NO_IMAGE);
                }}
              >
                {removeLabel}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
      {value.file && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {value.file.name}
        </Typography>
      )}
      {shown && (
        <Typography variant="caption" color="error" component="div" role="alert" sx={{ mt: 0.5 }}>
          {shown}
        </Typography>
      )}
    </Box>
  );
}
