import { useId, useState } from 'react';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import CloseIcon from '@mui/icons-material/Close';
import { DRIVER_PHOTO_EXTENSIONS, imageFileProblem } from '../../domain/validation/image';
import { DRIVER_MSG, RIGHT_TO_WORK_MAX } from '../../domain/validation/driver';
import { imageUrl, thumbUrl, useObjectUrl } from '../../src/components/ImageUpload';
import type { RightToWorkValue } from './driverForm';

function Thumb({ src, href, label, onRemove, disabled }: { src: string; href: string; label: string; onRemove?: () => void; disabled?: boolean }) {
  return (
    <Box sx={{ position: 'relative', width: 96, height: 72, borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
      <a href={href} target="_blank" rel="noreferrer">
        <img src={src} alt={label} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      </a>
      {onRemove && (
        <Tooltip title={`Remove ${label}`}>
          <IconButton
            size="small"
            aria-label={`Remove ${label}`}
            onClick={onRemove}
            disabled={disabled}
            sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'rgba(255,255,255,0.85)', p: 0.25, '&:hover': { bgcolor: '#fff' } }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

function NewThumb({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled?: boolean }) {
  const url = useObjectUrl(file);
  return url ? <Thumb src={url} href={url} label={file.name} onRemove={onRemove} disabled={disabled} /> : null;
}

/** The right-to-work photos (spec 2, section 3): a list of images, png or jpeg, added and removed one by one. */
export function RightToWorkPhotos({
  value,
  onChange,
  error,
  disabled,
  readOnly,
}: {
  value: RightToWorkValue;
  onChange: (value: RightToWorkValue) => void;
  error?: string;
  disabled?: boolean;
  readOnly?: boolean;
}) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const count = value.kept.length + value.added.length;
  const shown = problem ?? error;
  const add = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    const bad = chosen.map((f) => imageFileProblem(f, DRIVER_PHOTO_EXTENSIONS)).find((p) => p);
    if (bad) return setProblem(bad);
    if (count + chosen.length > RIGHT_TO_WORK_MAX) return setProblem(DRIVER_MSG.photosTooMany);
    setProblem(null);
    onChange({ ...value, added: [...value.added, ...chosen] });
  };
  return (
    <Box role="group" aria-label="Right-to-work photos" sx={{ border: 1, borderColor: shown ? 'error.main' : 'divider', borderRadius: 1, p: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
        Right-to-work photos
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {value.kept.map((p) => (
          <Thumb
            key={p.id}
            src={thumbUrl(p.file_name)}
            href={imageUrl(p.file_name)}
            label={p.src_name}
            disabled={disabled}
            onRemove={readOnly ? undefined : () => onChange({ ...value, kept: value.kept.filter((k) => k.id !== p.id) })}
          />
        ))}
        {value.added.map((file, i) => (
          <NewThumb key={`${file.name}-${i}`} file={file} disabled={disabled} onRemove={() => onChange({ ...value, added: value.added.filter((_, j) => j !== i) })} />
        ))}
        {count === 0 && (
          <Typography variant="body2" color="text.secondary">
            None
          </Typography>
        )}
        {!readOnly && (
          <Button component="label" htmlFor={inputId} size="small" variant="outlined" startIcon={<AddPhotoAlternateOutlinedIcon />} disabled={disabled || count >= RIGHT_TO_WORK_MAX}>
            Add Photos
            <input
              id={inputId}
              hidden
              multiple
              type="file"
              aria-label="Right-to-work photo files"
              accept={DRIVER_PHOTO_EXTENSIONS.map((e) => `.${e}`).join(',')}
              onChange={(e) => {
                add(e.target.files);
                e.target.value = '';
              }}
            />
          </Button>
        )}
      </Stack>
      {shown && (
        <Typography variant="caption" color="error" component="div" role="alert" sx={{ mt: 0.5 }}>
          {shown}
        </Typography>
      )}
    </Box>
  );
}
