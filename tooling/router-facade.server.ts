/** The router the render server shares with the remotes' server builds: the page's pieces plus StaticRouter. */
export * from './router-facade';
export { StaticRouter } from 'react-router';
