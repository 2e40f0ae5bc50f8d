// Lint: recommended JS + TypeScript rules, and the import boundaries that keep the layers apart
// (docs/architecture.md): shared/ is pure (no electron, Node built-ins, React, or the other layers);
// renderer/ never reaches into electron/ (it talks to the back end only through the contract).
import { builtinModules } from 'node:module'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

// Exact names (as `paths`): as gitignore-style patterns, 'events' would also match a local './events/flows'.
const nodeBuiltins = builtinModules.filter((m) => !m.startsWith('_'))
const noElectron = {
  group: ['electron', 'electron/*'],
  message: 'Only electron/main and electron/preload import Electron.',
}
const noNode = { group: ['node:*'], message: 'shared/ runs everywhere: no Node built-ins.' }
const noBuiltins = (message) => nodeBuiltins.map((name) => ({ name, message }))
const noReact = { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'shared/ has no UI code.' }
const noElectronLayer = {
  group: ['**/electron/**', '../electron', '../../electron'],
  message: 'Go through the contract (shared/api).',
}
const noRendererLayer = {
  group: ['**/renderer/**', '../renderer', '../../renderer'],
  message: 'shared/ must not depend on the UI.',
}
// The flow model stands alone (docs/architecture.md, layers): a document's node `type` is a name there, and what a
// type means is the node catalogue's; validation and analysis, the engine and the generator sit above both.
const noAboveModel = {
  group: [
    ...['nodes', 'analysis', 'engine', 'generate'].flatMap((layer) => [
      `**/${layer}/**`,
      `../${layer}`,
      `../../${layer}`,
    ]),
  ],
  message:
    'shared/flow is the flow model: it imports no node type, analysis, engine or generator. Take what you need as an argument (a catalogue, as node-versions.ts does) or move the code to shared/analysis.',
}
const noNative = { group: ['better-sqlite3', 'ws', 'sirv', 'fastify'], message: 'Back-end only.' }
const noBesideNlu = {
  group: ['api', 'flow', 'expr', 'rules', 'channel', 'nodes', 'analysis', 'engine', 'generate', 'diff'].flatMap((f) => [
    `../${f}`,
    `../${f}/**`,
  ]),
  message: 'shared/nlu is a leaf (docs/architecture.md): it imports only shared/text and shared/json.',
}
// shared/translate (translation files in and out) reads the model, the expression splitter and analysis' textUnits:
// node types only through textUnits, and nothing that runs flows, so a file format change never reaches a runner.
const noBesideTranslate = {
  group: ['api', 'nodes', 'engine', 'generate', 'diff', 'nlu'].flatMap((f) => [`../${f}`, `../${f}/**`]),
  message:
    "shared/translate imports the model (flow/), expr/, analysis/ (textUnits) and the leaf folders only; a node's texts come through textUnits.",
}

// electron/ by role (docs/architecture.md, "Layers of electron/"): services/ is the server-side library every host
// uses (database, runs, logs, publish, webhook core, effects, sandbox…) and knows no host; the studio's back end and
// the production runtime each sit on it and never on each other; the CLI and the hosts (main, web) compose them;
// electron/integration/ holds the tests that run two roles together, and nothing imports it. Tests included: a test
// that needs two roles belongs in integration/, not in a role's folder.
const ROLES = ['services', 'studio', 'runtime', 'cli', 'main', 'web', 'preload', 'integration']
const roleFolders = (roles) => roles.flatMap((role) => [`**/${role}/**`, `../${role}`, `../../${role}`])
const electronRole = (role, refused, message) => ({
  files: [`electron/${role}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: roleFolders(refused), message },
          ...(['main', 'preload'].includes(role) ? [] : [noElectron]),
        ],
      },
    ],
  },
})
const electronRoles = [
  electronRole(
    'services',
    ROLES.filter((r) => r !== 'services'),
    'electron/services is the library every host uses: it imports no host (studio, runtime, cli, main, web). Take what you need as an argument, or move the code up into the role that needs it.',
  ),
  electronRole(
    'studio',
    ['runtime', 'cli', 'main', 'web', 'preload', 'integration'],
    "The studio's back end sits on electron/services only: never on the runtime, the CLI or a host. What both need belongs in electron/services; a test of two roles together belongs in electron/integration.",
  ),
  electronRole(
    'runtime',
    ['studio', 'cli', 'main', 'web', 'preload', 'integration'],
    'The runtime sits on electron/services only: never on the studio, the CLI or a host. What both need belongs in electron/services; a test of two roles together belongs in electron/integration.',
  ),
  electronRole(
    'cli',
    ['main', 'web', 'preload', 'integration'],
    'The CLI composes services, studio and runtime; it never imports a host or electron/integration.',
  ),
  electronRole(
    'web',
    ['main', 'cli', 'preload', 'integration'],
    'The browser host composes services, studio and runtime; it never imports another host, the CLI or electron/integration.',
  ),
  electronRole(
    'main',
    ['web', 'cli', 'preload', 'integration'],
    'The Electron host composes services, studio and runtime; it never imports another host, the CLI or electron/integration.',
  ),
  electronRole(
    'preload',
    ['services', 'studio', 'runtime', 'cli', 'web', 'integration'],
    'The preload exposes the contract (shared/api) and nothing else.',
  ),
]

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // Type-aware rules: a promise nobody awaits or handles loses its error (an unhandled rejection takes a server
    // down), and a promise where a callback's result is ignored (an event handler) runs unchecked.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Every query parameter and header an HTTP listener reads goes through electron/services/webhook/request-input.ts:
    // one value each, bounded (issue 39: a repeated parameter arrived as an array and answered 500).
    files: [
      'electron/runtime/**/*.ts',
      'electron/services/webhook/**/*.ts',
      'electron/services/publish/**/*.ts',
      'electron/studio/webhook/**/*.ts',
      'electron/studio/publish/**/*.ts',
      'electron/web/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/testing/**', 'electron/services/webhook/request-input.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['query', 'headers'].map((name) => ({
          selector: `MemberExpression[object.name=/^(req|request)$/][property.name='${name}']`,
          message: `Read a request's ${name} through readQuery/readHeader (electron/services/webhook/request-input.ts).`,
        })),
        {
          selector: "MemberExpression[object.property.name='raw'][property.name='headers']",
          message: 'Read headers through readHeader (electron/services/webhook/request-input.ts).',
        },
        {
          selector: "MemberExpression[property.name='searchParams']",
          message: 'Read query parameters through readQuery (electron/services/webhook/request-input.ts).',
        },
      ],
    },
  },
  {
    // Tests may cast freely; Playwright fixtures must destructure `{}` when they use no other fixture.
    files: ['**/*.test.{ts,tsx}', '**/testing/**/*.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.mjs', 'eslint.config.js', '.ci/**'],
    languageOptions: {
      globals: Object.fromEntries(
        ['process', 'console', 'URL', 'Buffer', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'].map(
          (name) => [name, 'readonly'],
        ),
      ),
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    ignores: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noBuiltins(noNode.message),
          patterns: [noElectron, noNode, noReact, noElectronLayer, noRendererLayer, noNative],
        },
      ],
    },
  },
  {
    // Tests of pure code may read fixture files, but still never pull in another layer.
    files: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noElectron, noReact, noElectronLayer, noRendererLayer] }],
    },
  },
  {
    files: ['shared/nlu/**/*.ts'],
    ignores: ['shared/nlu/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noBuiltins(noNode.message),
          patterns: [noElectron, noNode, noReact, noElectronLayer, noRendererLayer, noNative, noBesideNlu],
        },
      ],
    },
  },
  {
    files: ['shared/translate/**/*.ts'],
    ignores: ['shared/translate/**/*.test.ts', 'shared/translate/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noBuiltins(noNode.message),
          patterns: [noElectron, noNode, noReact, noElectronLayer, noRendererLayer, noNative, noBesideTranslate],
        },
      ],
    },
  },
  {
    files: ['shared/flow/**/*.ts'],
    ignores: ['shared/flow/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noBuiltins(noNode.message),
          patterns: [noElectron, noNode, noReact, noElectronLayer, noRendererLayer, noNative, noAboveModel],
        },
      ],
    },
  },
  {
    // The model's own tests too: they read documents of their own, never the node catalogue.
    files: ['shared/flow/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noElectron, noReact, noElectronLayer, noRendererLayer, noAboveModel] },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    // Renderer tests run in Node and may drive a real back end (e.g. the flows store against SQLite).
    ignores: ['renderer/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: noBuiltins('The renderer runs in a browser.'),
          patterns: [noElectron, { ...noNode, message: 'The renderer runs in a browser.' }, noElectronLayer, noNative],
        },
      ],
    },
  },
  ...electronRoles,
)
