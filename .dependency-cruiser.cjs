// Which way imports may point (`npm run deps`, the first step of `npm test`). The engine's rooms
// are described in libs/export-engine/README.md; a rule here that says otherwise is the one to fix.
const ENGINE = '^libs/export-engine/src';
/** The engine's code, not its tests and test helpers: they drive it through its entry points. */
const ENGINE_TESTS = ['\\.spec\\.ts$', `${ENGINE}/testing/`];
const TOP = `${ENGINE}/[^/]+\\.ts$`;

/** A room's code may import only the rooms named in `may`. */
function room(name, may, comment) {
  const others = ['package', 'price', 'template', 'check'].filter((r) => r !== name && !may.includes(r));
  return {
    name: `engine-${name}-room`,
    comment,
    severity: 'error',
    from: { path: `${ENGINE}/${name}/`, pathNot: ENGINE_TESTS },
    to: { path: [...others.map((r) => `${ENGINE}/${r}/`), TOP] },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles, type imports included (they still tie the files together).',
      severity: 'error',
      from: { pathNot: ['\\.(spec|test)\\.tsx?$', '/testing/'] },
      to: { circular: true },
    },
    room('package', [], 'package (zip, XML, encodings, the workbook parts) imports none of the other rooms.'),
    room('price', ['package'], 'price imports package only.'),
    room('template', ['package'], 'template imports package only.'),
    room('check', ['package', 'price', 'template'], 'check may import package, price and template, never the entry points.'),
    {
      name: 'engine-is-pure',
      comment: 'The engine is pure: Node built-ins, yauzl and the contracts; no Nest, HTTP, database or storage client.',
      severity: 'error',
      from: { path: ENGINE, pathNot: ENGINE_TESTS },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: ['node_modules/yauzl/'] },
    },
    {
      name: 'sources-network-only',
      comment:
        'libs/sources does the network work of price-list sources and nothing else: Node built-ins, imapflow, picomatch and the contracts; no Nest, queue, database, storage or config (the caller passes limits in).',
      severity: 'error',
      from: { path: '^libs/sources/src', pathNot: ['\\.spec\\.ts$'] },
      to: {
        path: ['^libs/(?!contracts/|sources/)', '^apps/', '^node_modules/'],
        pathNot: ['^node_modules/(imapflow|picomatch|@types/picomatch)/'],
      },
    },
    {
      name: 'libs-not-apps',
      comment: 'Dependencies point one way: apps use libs, libs never import apps.',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-only-contracts',
      comment: 'The web app shares only the contracts with the server.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { path: ['^apps/', '^libs/(?!contracts/)'] },
    },
    {
      name: 'apps-run-on-dependencies',
      comment:
        'What the built API and worker run (apps/, libs/; not specs or test helpers) imports only packages under ' +
        '`dependencies`: the image keeps no devDependencies (`npm prune --omit=dev`), so a dev package, or one ' +
        'present only because another package brings it, stops the production app at start. Type imports count ' +
        'too: dependency-cruiser reads an import of values and types as type-only (test/ops/production-tree.test.ts ' +
        'runs the pruned tree).',
      severity: 'error',
      from: { path: '^(apps|libs)/', pathNot: ['\\.spec\\.ts$', '/testing/'] },
      to: { dependencyTypes: ['npm-dev', 'npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'apps-not-scripts',
      comment: 'scripts/ are the launcher, benchmark and test tools, run from the full tree (s3rver is a dev package); the image runs none of them.',
      severity: 'error',
      from: { path: '^(apps|libs)/', pathNot: ['\\.spec\\.ts$', '/testing/'] },
      to: { path: '^scripts/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    // Type-only imports count: a cycle of types is still a cycle for a reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
