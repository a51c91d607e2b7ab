/**
 * The router as the render server shares it: the browser's pieces (router-facade.ts) plus the
 * router that renders one address on the server. The remotes' server builds borrow this module, so
 * their links and hooks read the render server's router, as in the page they read the shell's.
 */
export * from './router-facade';
export { StaticRouter } from 'react-router';
