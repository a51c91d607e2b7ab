// The page's main script, loaded by the first one (start.ts) once the page has painted. A
// development build has no first script: the listeners it installs are installed here then.
import { SERVER_RENDERED_ATTRIBUTE } from '@usedcars/federation/boot';
import { holdEarlyPresses } from './features/navigation/earlyPresses';
import { installLinkNavigation } from './features/navigation/linkNavigation';

installLinkNavigation();
holdEarlyPresses(document.querySelector(`#root[${SERVER_RENDERED_ATTRIBUTE}]`));
// The async boundary lets the federation runtime settle shared singletons before React loads; it
// starts in a task after the runtime's own, each short enough not to hold up a tap (docs/performance.md).
// Named, so the render server can ask for it in the HTML's head.
setTimeout(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'), 0);
