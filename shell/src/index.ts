// The async boundary lets the federation runtime settle shared singletons before React loads.
import('./bootstrap');
