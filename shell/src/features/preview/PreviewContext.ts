import { createContext, useContext } from 'react';
import type { PagePreview } from './pagePreview';

/** What the page previews: from the render server on the server, from the page's preview block in the browser. */
export const PreviewContext = createContext<PagePreview | null>(null);

export const usePagePreview = () => useContext(PreviewContext);
