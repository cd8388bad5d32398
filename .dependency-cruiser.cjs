// The layers of the shipped source, checked by `npm run lint` (dependency-cruiser; the tests are left
// out of the graph): no import cycle between modules or between folders, type imports included; and
// each layer imports downward only. A violation already there is listed in
// .dependency-cruiser-known-violations.json (`npm run lint:layers:baseline` rewrites it): that list
// may only shrink, anything new fails.

/** The registries: what lists every rule or a language's words of every field, above the rules. */
const registry = '^src/registry/';
/** A rule's own folder, or what several rules share. */
const rule = '^src/rules/(r[a-z0-9-]+/|places|parties|items)';
/** The formats of the command's reports, each on its own. */
const format = '^src/cli/formats/(?!index[.]ts)[^/]+$';
/** The arbitraries of the property tests (fast-check): the kit, each rule's, their registry and composition. */
const arbitraries =
  '^src/(arbitraries/[^/]+[.]ts|registry/arbitraries[.]ts|rules/(arbitrary-kit|[^/]+/arbitrary)[.]ts)$';
/** The command's `sample`, a chunk of its own that bundles fast-check (dist/cli-sample.js). */
const sample = '^src/cli/sample[.]ts$';
/** Tests, type tests and test kits. */
const tests = '([.]test(-d)?[.]tsx?|(^|/)test-kit[.]ts)$';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A module reaches itself through its imports (type imports included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'A folder reaches itself through the imports of its modules.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'generated-facts-below-rules',
      comment: 'The generated facts, types and ids are below the rules: only the registries import the rules.',
      severity: 'error',
      from: { path: '^src/generated/' },
      to: { path: ['^src/rules/', registry] },
    },
    {
      name: 'rules-below-registry',
      comment: 'A rule never imports what lists every rule.',
      severity: 'error',
      from: { path: rule, pathNot: tests },
      to: { path: registry },
    },
    {
      name: 'core-below-service-and-command',
      comment:
        'The validator, its rules, words, text and form layers know nothing of HTTP, the adapters, the client or the command.',
      severity: 'error',
      from: {
        path: '^src/(?!(http|adapters|client|cli)/)',
        // the arbitraries of the listener events: test data of the HTTP layer's bodies
        pathNot: [tests, '^src/index[.]ts$', '^src/arbitraries/events[.]ts$'],
      },
      to: { path: '^src/(http|adapters|client|cli)/' },
    },
    {
      name: 'http-below-adapters-and-command',
      comment: 'The HTTP helpers know nothing of the adapters, the client or the command.',
      severity: 'error',
      from: { path: '^src/http/', pathNot: tests },
      to: { path: '^src/(adapters|client|cli)/' },
    },
    {
      name: 'words-without-cli-and-http',
      comment: 'The message layer knows nothing of the command or HTTP: their words are theirs.',
      severity: 'error',
      from: { path: '^src/messages/', pathNot: tests },
      to: { path: '^src/(cli|http)/' },
    },
    {
      name: 'text-validators-in-text',
      comment: 'The root modules (the validator, its options and result) do not import the text validators.',
      severity: 'error',
      from: { path: '^src/[^/]+$', pathNot: [tests, '^src/index[.]ts$'] },
      to: { path: '^src/text/' },
    },
    {
      name: 'formats-on-the-report-model',
      comment: 'A report format depends on the report model, never on another format or on the options parser.',
      severity: 'error',
      from: { path: format, pathNot: tests },
      to: { path: [format, '^src/cli/options[.]ts$'] },
    },
    {
      name: 'test-kit-under-test',
      comment: 'The shipped code never imports a test, a test kit or test/.',
      severity: 'error',
      from: { path: '^src/', pathNot: tests },
      to: { path: ['^test/', tests] },
    },
    {
      name: 'fast-check-in-the-arbitraries-only',
      comment: 'fast-check is a development dependency: of the shipped source, only the arbitraries import it.',
      severity: 'error',
      from: { path: '^src/', pathNot: [tests, arbitraries, sample] },
      to: { path: '(^|/)node_modules/fast-check/' },
    },
    {
      name: 'arbitraries-apart',
      comment: "No module of the entries imports the arbitraries; the command's sample chunk alone does.",
      severity: 'error',
      from: { path: '^src/', pathNot: [tests, arbitraries, sample] },
      to: { path: arbitraries },
    },
    {
      name: 'rule-arbitraries-below-their-registry',
      comment: "A rule's arbitrary and the kit never import the registry of the arbitraries or their composition.",
      severity: 'error',
      from: { path: '^src/rules/', pathNot: tests },
      to: { path: '^src/(arbitraries/|registry/arbitraries[.]ts$)' },
    },
  ],
  options: {
    // a test kit is no shipped code: what it imports is not followed (a shipped import of it still fails)
    doNotFollow: { path: ['node_modules', '(^|/)test-kit[.]ts$'] },
    exclude: {
      path: [
        // fast-check stays in the graph, as a leaf (doNotFollow), for fast-check-in-the-arbitraries-only
        '(^|/)(node_modules/(?!fast-check/)|dist/)',
        '^test/(reference|json-schema-test-suite|artifacts)/',
        '[.]test(-d)?[.]tsx?$',
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
  },
};
