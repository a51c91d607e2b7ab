// From the first script: a click on an in-site link never reloads the document (docs/architecture.md, "Moving between screens").
import { installLinkTakeover } from './features/navigation/linkTakeover';

installLinkTakeover();
// The async boundary lets the federation runtime settle shared singletons before React loads.
// Named, so the render server can ask for it in the HTML's head.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
