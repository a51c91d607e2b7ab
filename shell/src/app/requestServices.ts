import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * On the render server, each request renders with its own QueryClient (one visitor's responses must
 * never reach another's page); the page itself has one for its whole life (pageServices.tsx).
 */
export const RequestQueryClient = createContext<QueryClient | null>(null);
