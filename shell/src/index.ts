// The async boundary lets the federation runtime settle shared singletons before React loads.
// Named, so the render server can ask for it in the HTML's head.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
