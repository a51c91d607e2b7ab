import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * On the render server, each request draws with its own QueryClient (one visitor's answers must
 * never reach another's page); the page itself has one for its whole life (pageServices.tsx).
 */
export const RequestQueryClient = createContext<QueryClient | null>(null);
