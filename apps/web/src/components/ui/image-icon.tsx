import { strokeIcon } from './icons';

// Apart from icons.tsx, which the first load carries whole (the header draws from it): only screens loaded later
// draw a picture frame (the file buttons, the admin's lists), and the first load stays within its budget
// (apps/web/e2e/bundle-budget.test.ts, docs/decisions/0025-first-load-javascript-and-images.md).
export const ImageIcon = strokeIcon(
  <>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <circle cx="8.5" cy="8.5" r="1.5" />
    <path d="m21 15-5-5L5 21" />
  </>,
);
