import './noEval';

// The app is loaded only once zod is configured (noEval.ts): its schemas are built as their modules load.
void import('./mount');
