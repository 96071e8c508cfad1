import { useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useEditorState } from '@tiptap/react';
import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInputToolbar,
  useTiptapEditor,
} from 'ra-input-rich-text';

const LEVELS = [
  { label: 'Normal', level: 0 },
  { label: 'Heading 1', level: 1 },
  { label: 'Heading 2', level: 2 },
  { label: 'Heading 3', level: 3 },
  { label: 'Heading 4', level: 4 },
  { label: 'Heading 5', level: 5 },
  { label: 'Heading 6', level: 6 },
] as const;

/**
 * The paragraph level ('Normal', 'Heading 1' ...) as a menu button named by what it shows. react-admin's own level
 * select is a list item inside a <nav> whose fixed name hides the level it shows (axe: listitem, and
 * label-content-name-mismatch, WCAG 1.3.1 and 2.5.3).
 */
function LevelMenu() {
  const editor = useTiptapEditor();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = useEditorState({
    editor,
    selector: ({ editor: e }) => LEVELS.find((l) => (l.level ? e?.isActive('heading', { level: l.level }) : e?.isActive('paragraph'))) ?? LEVELS[0],
  });
  const choose = (level: number) => {
    setAnchor(null);
    // The heading and paragraph commands come from the editor's extensions, which this file's types do not see.
    const chain = editor.chain().focus() as unknown as { setHeading: (o: { level: number }) => { run: () => boolean }; setParagraph: () => { run: () => boolean } };
    (level ? chain.setHeading({ level }) : chain.setParagraph()).run();
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-description="Text level"
        disabled={!editor?.isEditable}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', fontWeight: 400 }}
      >
        {current.label}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LEVELS.map((l) => (
          <MenuItem key={l.level} selected={l === current} onClick={() => choose(l.level)}>
            {l.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** react-admin's rich-text toolbar, the same buttons, with the level chosen through LevelMenu. */
export function RichTextToolbar({ size = 'small' }: { size?: 'small' | 'medium' | 'large' }) {
  return (
    <RichTextInputToolbar size={size}>
      <LevelMenu />
      <FormatButtons size={size} />
      <ColorButtons size={size} />
      <AlignmentButtons size={size} />
      <ListButtons size={size} />
      <LinkButtons size={size} />
      <ImageButtons size={size} />
      <QuoteButtons size={size} />
      <ClearButtons size={size} />
    </RichTextInputToolbar>
  );
}
