// The layer rules of docs/ARCHITECTURE.md ("Layers"), checked by `npm run depcruise` (part of
// `npm test`). ESLint guards the process boundaries (electron, Node built-ins in shared/ and the
// renderer); this file guards the order of the layers inside main/ and forbids cycles.
//
// Type-only imports count: a layer that names a higher layer's type depends on it all the same.

/** main/'s layers, lowest first. A file may import its own layer and the ones below it. */
const LAYERS = [
  {
    name: 'base',
    what: 'helpers that know no other part of main/ (the log, the event bus, secrets, paths)',
    path: '^main/(util|log|events|secrets)/|^main/app-paths\\.ts$',
  },
  { name: 'db', what: 'SQLite: open, migrations, repositories', path: '^main/db/' },
  {
    name: 'platform',
    what: 'the workspace folder and the job runner',
    path: '^main/(jobs|workspace)/',
  },
  {
    name: 'domain',
    what: 'the domain services (document, ingest, retrieval, llm, sandbox, grading, runs, …)',
    path: '^main/(?!(util|log|events|secrets|db|jobs|workspace|api|server|electron|cli)/)[^/]+/',
  },
  {
    name: 'api',
    what: 'the API handlers and ApiContext (main/api)',
    path: '^main/api/',
  },
  {
    name: 'services',
    what: 'the composition root (main/services.ts)',
    path: '^main/services\\.ts$',
  },
  {
    name: 'hosts',
    what: 'the hosts: web server, Electron, CLI',
    path: '^main/(server|electron|cli)/|^main/cli\\.ts$',
  },
];

const layerRules = LAYERS.slice(0, -1).map((layer, i) => {
  const higher = LAYERS.slice(i + 1);
  return {
    name: `layer-${layer.name}`,
    severity: 'error',
    comment:
      `main/ layer "${layer.name}" (${layer.what}) must not import a higher layer: ` +
      `${higher.map((h) => h.name).join(', ')}. Pass what it needs in from above ` +
      '(services.ts builds every service) or move the shared piece down.',
    from: { path: layer.path },
    to: { path: higher.map((h) => `(${h.path})`).join('|') },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circular dependency between files. Move the piece both need into a lower file ' +
        '(a dynamic import does not count as a way out).',
      from: { path: '^(main|shared|renderer)/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      comment:
        'Two folders of main/ or shared/ import each other (through any path): the one below ' +
        'must not know the one above. Move the shared piece down.',
      scope: 'folder',
      from: { path: '^(main|shared)/' },
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'main-file-without-layer',
      severity: 'error',
      comment:
        'A new file directly in main/ has no layer: put it in a folder, or give it a layer in ' +
        '.dependency-cruiser.cjs.',
      from: { path: '^main/[^/]+$', pathNot: '^main/(app-paths|services|cli)\\.ts$' },
      to: {},
    },
    {
      name: 'shared-is-pure',
      severity: 'error',
      comment: 'shared/ is imported by main/ and the renderer: it imports neither.',
      from: { path: '^shared/' },
      to: { path: '^(main|renderer)/' },
    },
    {
      name: 'renderer-not-main',
      severity: 'error',
      comment: 'The renderer reaches main/ only through the API (renderer/api).',
      from: { path: '^renderer/' },
      to: { path: '^main/' },
    },
    {
      name: 'main-not-renderer',
      severity: 'error',
      comment: 'main/ does not import the renderer.',
      from: { path: '^main/' },
      to: { path: '^renderer/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|release)/' },
    // Type-only imports are dependencies too.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
    },
    progress: { type: 'none' },
  },
};
