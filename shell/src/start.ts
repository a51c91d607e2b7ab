// The page's first script, a bundle of its own without the federation runtime: small, so a
// server-rendered page paints its largest picture before any other script runs
// (docs/performance.md, "The page's scripts after its first paint"). From here a click on an
// in-site link never reloads the document, and a press on a button before the page has hydrated
// is not lost (docs/architecture.md, "Navigation between screens").
import { SERVER_RENDERED_ATTRIBUTE } from '@usedcars/federation/boot';
import { loadScriptsAfterPaint } from './app/scriptsAfterPaint';
import { holdEarlyPresses } from './features/navigation/earlyPresses';
import { installLinkNavigation } from './features/navigation/linkNavigation';

const root = document.querySelector(`#root[${SERVER_RENDERED_ATTRIBUTE}]`);
installLinkNavigation();
holdEarlyPresses(root);
// index.html names main's scripts on this one's tag (tooling/index.html).
loadScriptsAfterPaint(root, (document.currentScript?.dataset.scripts ?? '').split(' ').filter(Boolean));
