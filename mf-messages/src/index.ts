// Standalone page for this remote's team; inside the site the shell loads the exposed modules.
import('./bootstrap');
