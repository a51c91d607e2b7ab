// The repository's one ESLint config (flat). What it enforces and why: docs/how-to.md, "Lint and format".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import boundaries from 'eslint-plugin-boundaries';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import eslintComments from '@eslint-community/eslint-plugin-eslint-comments';
import globals from 'globals';
import { nameContainsText } from './tooling/eslint-name-contains-text.mjs';
import { noFixedWait } from './tooling/eslint-no-fixed-wait.mjs';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

const FRONT_END = ['shell/**', 'mf-*/**', 'shared-*/**', 'federation/**'];
const FRONT_END_TESTS = FRONT_END.flatMap((dir) => [`${dir}/*.test.*`, `${dir}/testing.*`, `${dir}/testing/**`, `${dir}/*.fixture.*`, `${dir}/jest/**`]);

/** zod's `z` object (and its default export) keeps all of zod in a bundle, 40 locales included (docs/performance.md, "zod in the bundles"). */
const ZOD_NAMESPACE = {
  selector: "ImportDeclaration[source.value=/(^|\\/)zod$/] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
  message: "import zod as a namespace (`import * as z from './zod'`): the `z` object brings every zod module into the page's bundle.",
};

/** What a page starts with is passed down, not parked (docs/how-to.md, "House rules"). */
const MODULE_LET = {
  selector: "Program > VariableDeclaration[kind='let']:not([declare=true]), Program > ExportNamedDeclaration > VariableDeclaration[kind='let']",
  message: 'no module-level `let` in front-end code: pass the value down (a provider, or the connect/start call) instead of parking it in a module.',
};
/** A formatter is made on first use, not when its module is evaluated (docs/performance.md, "Formatters made on first use"). */
const MODULE_INTL = {
  selector:
    "Program > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name='Intl'], Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name='Intl']",
  message: 'no `new Intl.*` at module level: it loads locale data while every page starts; wrap it in `lazily` from @usedcars/shared-contract.',
};
/**
 * Module-level slots the rule lets stand (docs/how-to.md, "Lint and format"): the page's connection,
 * the slot connect() fills, and shared-auth's session, still to be converted. The list only shrinks.
 */
const OLDER_MODULE_LETS = [
  'shared-auth/src/session.ts',
  'shared-auth/src/sessionCookie.ts',
  'shared-auth/src/authStore.ts',
  'federation/src/page/connection.ts',
];

/** The federation runtime's private globals are read in one adapter, pinned to its version (docs/architecture.md, "Two builds of one remote"). */
const FEDERATION_ADAPTER = 'federation/src/server/runtimeGlobals.ts';
const FEDERATION_GLOBALS = {
  selector:
    'Identifier[name=/^__(FEDERATION|VMOK|INSTANCES|GLOBAL_LOADING_REMOTE_ENTRY)__$/], Literal[value=/^__(FEDERATION|VMOK|INSTANCES|GLOBAL_LOADING_REMOTE_ENTRY)__$/]',
  message: `the federation runtime's private globals are read only in ${FEDERATION_ADAPTER}, pinned to the runtime's version.`,
};

/** One writer of server-sent events in the API (docs/api.md, "Event streams"). */
const ONE_EVENT_STREAM_WRITER = {
  selector: 'Literal[value=/^text.event-stream/]',
  message: "open an event stream with openEventStream (api/src/http/eventStream.ts), the API's one writer of server-sent events.",
};
/** One shape of API routes (docs/how-to.md, "Add an API route"): buildApp registers each route folder's plugin with its options. */
const ROUTES_ONLY_REGISTERED = [
  {
    selector: 'CallExpression[callee.property.name=/^(get|head|post|put|patch|delete|options|all|route)$/]',
    message: "no route in buildApp: add it to a route folder's plugin (featureRoutes in api/src/context.ts).",
  },
  {
    selector: "CallExpression[callee.name=/Routes$/], CallExpression[callee.type='CallExpression']",
    message: "register a route folder's plugin as it is, `await app.register(plugin, options)`: no factory call, no function called with the app.",
  },
];
const ROUTE_PLUGIN_FACTORY = {
  selector: 'ExportNamedDeclaration > FunctionDeclaration[id.name=/Routes$/] > BlockStatement > ReturnStatement > :function',
  message:
    'a route folder exports its plugin made with featureRoutes (api/src/context.ts), which takes what it needs as register options, not a function that returns one.',
};

/** The npm workspaces: a relative import may not cross from one into another. */
const WORKSPACES = new Set(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces);

/** The top-level folder a path lies in, or null outside the repository. */
function topFolder(file) {
  const rel = path.relative(ROOT, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0];
}

/**
 * `local/package-imports`: packages talk through their package name (and its exports), never
 * `../../other-package/src/x`, which bypasses the public entry. And no package names a remote or the
 * shell, even by a path the resolver cannot follow (which eslint-plugin-boundaries would skip).
 */
const packageImports = {
  meta: {
    type: 'problem',
    messages: {
      cross: "'{{source}}' reaches into {{target}} by a relative path; import it by its package name (@usedcars/{{target}}).",
      front: "'{{source}}': nothing imports a remote or the shell; they meet only through module federation.",
    },
    schema: [],
  },
  create(context) {
    const from = topFolder(context.filename);
    if (!from || !WORKSPACES.has(from)) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const named = /^@usedcars\/([^/]+)/.exec(source)?.[1];
      if (named && named !== from && (named === 'shell' || named.startsWith('mf-'))) {
        context.report({ node, messageId: 'front', data: { source } });
      }
      if (!source.startsWith('.')) return;
      const target = topFolder(path.resolve(path.dirname(context.filename), source));
      if (target && target !== from && WORKSPACES.has(target)) {
        context.report({ node, messageId: 'cross', data: { source, target } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      CallExpression: (node) => {
        const [arg] = node.arguments;
        const isRequire = node.callee.type === 'Identifier' && node.callee.name === 'require';
        const isMock = node.callee.type === 'MemberExpression' && node.callee.object.name === 'jest';
        if ((isRequire || isMock) && arg?.type === 'Literal') check(arg, arg.value);
      },
    };
  },
};

/**
 * Features never import each other (docs/how-to.md, "House rules"): for every feature folder of the
 * front-end packages, the rest of its package's `src/features/` is out of reach. Read from the disk
 * at each run, so a new feature folder is held at once.
 */
function featureZones() {
  const message =
    'a feature never imports another feature; move what both use to src/components, src/hooks or src/lib, or compose them in src/exposed (docs/how-to.md, "House rules")';
  return [...WORKSPACES]
    .filter((workspace) => workspace === 'shell' || workspace.startsWith('mf-') || workspace.startsWith('shared-'))
    .map((workspace) => `${workspace}/src/features`)
    .filter((features) => existsSync(path.join(ROOT, features)))
    .flatMap((features) =>
      readdirSync(path.join(ROOT, features), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => ({ target: `./${features}/${entry.name}`, from: `./${features}`, except: [`./${entry.name}`], message })),
    );
}

/** The UI-side packages the API must never import (the API serves JSON; it renders nothing). */
const UI_PACKAGES = ['react', 'react-dom', 'react-router', 'react-router-dom', 'styled-components', '@tanstack/*', 'react-hot-toast', 'zustand'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/coverage/**',
      '**/.data/**',
      '**/.tmp/**',
      '**/.swc/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    // A disable is rare and says why on its own line: `// eslint-disable-next-line rule -- reason`.
    plugins: { '@eslint-community/eslint-comments': eslintComments },
    rules: {
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
    },
  },

  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a parameter or binding kept for its position or to drop a key from a rest object.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // CommonJS config and tooling files: require() is their module system.
    files: ['**/*.cjs', '**/*.cts'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.mts', 'scripts/**', 'api/**', 'e2e/**', 'tooling/**', 'jest/**', '**/*.config.*'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Front-end code runs in the browser and, for server-rendered screens, in Node.
    files: ['shell/**', 'mf-*/**', 'shared-*/**', 'federation/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.test.*', 'jest/**', 'api/test/**'],
    languageOptions: { globals: { ...globals.jest } },
    // jest.isolateModules and jest.requireActual hand back modules through require().
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['api/src/**'],
    ignores: ['api/src/http/eventStream.ts', '**/*.test.*'],
    rules: { 'no-restricted-syntax': ['error', ONE_EVENT_STREAM_WRITER] },
  },
  {
    files: ['api/src/features/**'],
    ignores: ['**/*.test.*'],
    rules: { 'no-restricted-syntax': ['error', ONE_EVENT_STREAM_WRITER, ROUTE_PLUGIN_FACTORY] },
  },
  {
    files: ['api/src/app.ts'],
    rules: { 'no-restricted-syntax': ['error', ONE_EVENT_STREAM_WRITER, ...ROUTES_ONLY_REGISTERED] },
  },
  {
    // A test waits for the state it means, never for a time (docs/how-to.md, "Lint and format").
    files: ['**/*.test.*', '**/*.spec.*', 'e2e/**', 'jest/**', 'api/test/**'],
    plugins: { tests: { rules: { 'no-fixed-wait': noFixedWait } } },
    rules: { 'tests/no-fixed-wait': 'error' },
  },
  {
    // Playwright reads a test's fixtures from its first parameter, which must be a destructuring
    // pattern even when the test uses none: `async ({}, testInfo) => …`.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['scripts/offline-google/**'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },

  // React: the rules of hooks, and accessible markup.
  {
    files: ['**/*.tsx', '**/*.jsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.tsx', '**/*.jsx'],
    plugins: { a11y: { rules: { 'name-contains-text': nameContainsText } } },
    rules: {
      'a11y/name-contains-text': 'error',
      // `role` on our own components is a prop (AccountsTable's role="Seller"), not an ARIA role.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // A code block that scrolls sideways must be reachable by keyboard to be scrolled (WCAG 2.1.1).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: ['pre'], roles: ['tabpanel'] }],
    },
  },
  {
    files: FRONT_END,
    rules: { 'no-restricted-syntax': ['error', ZOD_NAMESPACE, MODULE_LET, FEDERATION_GLOBALS, MODULE_INTL] },
  },
  {
    // Tests may keep a module-level `let`, and so may the slots listed in OLDER_MODULE_LETS.
    files: [...FRONT_END_TESTS, ...OLDER_MODULE_LETS],
    rules: { 'no-restricted-syntax': ['error', ZOD_NAMESPACE, FEDERATION_GLOBALS, MODULE_INTL] },
  },
  {
    files: [FEDERATION_ADAPTER],
    rules: { 'no-restricted-syntax': ['error', ZOD_NAMESPACE, MODULE_LET, MODULE_INTL] },
  },
  {
    // The front ends only: Playwright's fixtures also call a function named `use`.
    files: ['shell/**/*.{ts,tsx}', 'mf-*/**/*.{ts,tsx}', 'shared-*/**/*.{ts,tsx}', 'federation/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },

  {
    // The page's connection is one copy per page only when it is reached through the shared package
    // name: a relative import would bundle a second one (docs/sharing-and-releases.md).
    files: ['federation/src/**'],
    ignores: ['federation/src/page/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.{1,2}/(?:.*/)?page(?:/.*)?$',
              message: "import the page's connection as '@usedcars/federation', never by a relative path: a relative copy holds state of its own.",
            },
          ],
        },
      ],
    },
  },

  // The package boundaries (docs/architecture.md, "The parts"; docs/how-to.md, "House rules").
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { boundaries, local: { rules: { 'package-imports': packageImports } } },
    settings: {
      'boundaries/root-path': ROOT,
      'boundaries/include': ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
      'boundaries/elements': [
        { type: 'shell', pattern: 'shell/**', mode: 'full' },
        { type: 'remote', pattern: 'mf-*/**', mode: 'full', capture: ['name'] },
        // The contract: types, schemas, addresses and the topology; it imports no other package.
        { type: 'contract', pattern: 'shared-contract/**', mode: 'full' },
        { type: 'shared', pattern: 'shared-*/**', mode: 'full', capture: ['name'] },
        // The sharing policy: plain rules any part may read (the API's preflight judges builds with it).
        { type: 'policy', pattern: 'federation/src/sharing/**', mode: 'full' },
        { type: 'platform', pattern: 'federation/**', mode: 'full' },
        { type: 'api', pattern: 'api/**', mode: 'full' },
        { type: 'e2e', pattern: 'e2e/**', mode: 'full' },
        // The builds' own code (webpack config, router facade): platform too.
        { type: 'tooling', pattern: 'tooling/**', mode: 'full' },
        { type: 'scripts', pattern: ['scripts/**', 'jest/**', 'types/**', '*'], mode: 'full' },
      ],
      'import/resolver': {
        typescript: { project: ['*/tsconfig.json'], alwaysTryTypes: true, noWarnOnMultipleProjects: true },
        node: true,
      },
    },
    rules: {
      'local/package-imports': 'error',
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: '${file.type} code may not import ${dependency.source} (a ${dependency.type}); docs/how-to.md, "Lint and format"',
          rules: [
            // A remote: itself and the shared packages. Never another remote, never the shell.
            { from: 'remote', allow: [['remote', { name: '${from.name}' }], 'shared', 'contract', 'platform', 'policy', 'tooling', 'scripts'] },
            // The shell: itself and the shared packages; remotes reach it only through federation.
            { from: 'shell', allow: ['shell', 'shared', 'contract', 'platform', 'policy', 'tooling', 'scripts'] },
            // A shared package: shared packages only. Never a remote, never the shell.
            { from: 'shared', allow: ['shared', 'contract', 'platform', 'policy', 'tooling', 'scripts'] },
            { from: 'contract', allow: ['contract', 'scripts'] },
            // Platform code (federation, tooling) sits under the shared packages: only the contract, so no package cycle.
            { from: 'platform', allow: ['platform', 'policy', 'contract', 'tooling', 'scripts'] },
            { from: 'tooling', allow: ['tooling', 'platform', 'policy', 'contract'] },
            { from: 'policy', allow: ['policy'] },
            // The API: itself and the contract it shares with the site; never a UI package.
            { from: 'api', allow: ['api', 'contract', 'policy', 'tooling', 'scripts'] },
            { from: 'e2e', allow: ['e2e', 'contract', 'tooling', 'scripts'] },
            { from: 'scripts', allow: ['scripts', 'tooling', 'shell', 'remote', 'shared', 'contract', 'platform', 'policy', 'api', 'e2e'] },
          ],
        },
      ],
      'boundaries/external': [
        'error',
        {
          default: 'allow',
          message: 'the API never imports a UI package (${dependency.source}); docs/how-to.md, "Lint and format"',
          rules: [{ from: 'api', disallow: UI_PACKAGES }],
        },
      ],
    },
  },
  {
    // The API client knows no session: the page connects it to one (docs/architecture.md).
    files: ['shared-api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@usedcars/shared-auth', '@usedcars/shared-auth/*'],
              message: 'shared-api never imports shared-auth; the page connects the client to a session.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycles anywhere: a cycle makes load order decide what a module sees.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['*/tsconfig.json'], alwaysTryTypes: true, noWarnOnMultipleProjects: true }),
        createNodeResolver(),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Resolved imports, so a relative path and a package path are held alike.
    files: ['shell/src/features/**', 'mf-*/src/features/**', 'shared-*/src/features/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: featureZones() }] },
  },
);
