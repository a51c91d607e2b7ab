// A dev server inside the site (`npm run dev -- --site`): the page's React is the site's production
// build, which Fast Refresh cannot drive, so each exposed screen is wrapped to render its new code
// on a hot update, without a reload (docs/releases.md, "Your dev server inside the site").
const path = require('node:path');

/** The screen's own module, as written: the wrapper imports it under this query. */
const SOURCE = 'hot-screen-source';

module.exports = function hotScreenLoader(source) {
  if (new URLSearchParams(this.resourceQuery.replace(/^\?/, '')).has(SOURCE)) return source;
  const request = JSON.stringify(`./${path.basename(this.resourcePath)}?${SOURCE}`);
  return `import { createElement, useSyncExternalStore } from 'react';
import * as screen from ${request};
export * from ${request};

const listeners = new Set();
let version = 0;
const subscribe = (listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const versionNow = () => version;

if (import.meta.webpackHot) {
  import.meta.webpackHot.accept(${request}, () => {
    version += 1;
    for (const listener of listeners) listener();
  });
}

export default function HotScreen(props) {
  useSyncExternalStore(subscribe, versionNow, versionNow);
  return createElement(screen.default, props);
}
`;
};
