import { startBoardPreview } from './pages/schedule/preview/boardPreview';

// Loaded by index.html before the app's entry (src/main.tsx), with none of its code: see the module it starts.
void startBoardPreview();
