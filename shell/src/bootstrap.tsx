/**
 * The page's start, in steps the browser can breathe between. Evaluating React DOM, the router,
 * styled-components, the shared UI kit and the shell's own modules, then hydrating the page, are
 * each a task of their own: together they made one task long enough to hold up a tap on a slow phone
 * (docs/performance.md). The modules are in this chunk already ("eager"); only their evaluation
 * is spread out.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(): Promise<void> {
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-router-dom');
  await nextTask();
  await import(/* webpackMode: "eager" */ 'styled-components');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@usedcars/shared-ui');
  await nextTask();
  const { startPage } = await import(/* webpackMode: "eager" */ './app/startPage');
  await nextTask();
  await startPage();
}

void start();

export {};
