// From the first script: a click on an in-site link never reloads the document, and a press on a
// button before the page has hydrated is not lost (docs/architecture.md, "Moving between screens").
import { SERVER_RENDERED_ATTRIBUTE } from '@usedcars/federation/boot';
import { holdEarlyPresses } from './features/navigation/earlyPresses';
import { installLinkTakeover } from './features/navigation/linkTakeover';

installLinkTakeover();
holdEarlyPresses(document.querySelector(`#root[${SERVER_RENDERED_ATTRIBUTE}]`));
// The async boundary lets the federation runtime settle shared singletons before React loads.
// Named, so the render server can ask for it in the HTML's head.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
