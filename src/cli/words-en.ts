// What the command says in English: report lines, input errors, usage errors and help.
import { en as ruleWords } from '../generated/rule-words.js';
import { numbers, quote } from '../wording.js';
import type { FetchHint } from './git.js';
import type { CliWording } from './wording.js';

const systemErrors: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder',
  ELOOP: 'too many symbolic links',
  ENOSPC: 'no space left on the device',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EEXIST: 'it cannot be made here',
  EROFS: 'a read-only file system',
  fifo: 'a FIFO, not a regular file',
  socket: 'a socket, not a regular file',
  device: 'a device, not a regular file',
  link_loop: 'a symbolic link to a folder that holds it: a loop',
  symlink: 'it is a symbolic link, and no report is written through one',
};

export const cli: CliWording = {
  number: /* @__PURE__ */ numbers('en-US'),
  orders: (n) => (n === 1 ? '1 order' : `${cli.number(n)} orders`),
  line: (n) => `line ${cli.number(n)}`,
  item: (n) => `item ${cli.number(n)}`,
  whole: '(the whole order)',
  hint: 'hint',
  allValid: 'all valid',
  invalid: (n) => `${n} invalid`,
  summary: (orders, valid, invalid) => `${orders}: ${valid} valid, ${invalid} invalid`,
  inputErrors: (n) => (n === 1 ? '1 input error' : `${cli.number(n)} input errors`),
  perSecond: 'orders/s',
  position: (line, column) => `line ${line}, column ${column}`,
  violations: (n) => (n === 1 ? '1 violation' : `${cli.number(n)} violations`),
  more: (n, stopped) =>
    `… ${cli.number(n)}${stopped ? ' or more' : ''} further violation${n === 1 && !stopped ? '' : 's'} not listed (--max-violations)`,
  error: (e) => {
    if (e.error === 'not_found') return 'no such file, folder or pattern';
    if (e.error === 'no_match' && e.reason === 'excluded')
      return `every .json, .ndjson and .jsonl file found is excluded, by the pattern ${quote(e.found ?? '')} (--exclude, or exclude in the config)`;
    if (e.error === 'no_match') return 'no .json, .ndjson or .jsonl file found';
    if (e.error === 'bad_pattern') return `the pattern has more than ${cli.number(e.limit ?? 0)} {a,b} alternatives`;
    if (e.error === 'no_orders') return 'no order in it: the input is empty, blank lines or an empty array';
    if (e.error === 'too_large') return `too large to check: more than ${cli.number(e.limit ?? 0)} bytes`;
    if (e.error === 'check_failed') return `could not be checked, too large for this process (${e.reason})`;
    if (e.reason === 'dangling_link') return `cannot read it (a symbolic link to nothing: ${e.found})`;
    if (e.error === 'unreadable') return `cannot read it (${systemErrors[e.reason ?? ''] ?? e.reason})`;
    if (e.reason === 'invalid_utf8') return `malformed JSON: not UTF-8 (byte ${e.found})`;
    if (e.reason === 'utf16') return `malformed JSON: looks like ${e.found}, not UTF-8; save it as UTF-8`;
    return e.reason === 'unexpected_end'
      ? 'malformed JSON: unexpected end of input'
      : `malformed JSON: unexpected character ${quote(e.found ?? '')}`;
  },
  note: (n) => {
    if (n.note === 'not_followed')
      return `not followed ${quote(n.name)}: a symbolic link to a folder that holds it (a loop); the files there are checked under their own path`;
    if (n.note === 'report')
      return `left out ${quote(n.name)}: it holds a report of product-order-validate, not orders`;
    if (n.note === 'output') return `left out ${quote(n.name)}: this run writes its report there`;
    if (n.note === 'baseline_unused')
      return `${n.count === 1 ? '1 entry' : `${cli.number(n.count ?? 0)} entries`} of the baseline ${quote(n.name)} ${n.count === 1 ? 'matches' : 'match'} nothing in the files checked (fixed, or their file is gone): ${(n.entries ?? []).join(', ')}${(n.count ?? 0) > (n.entries?.length ?? 0) ? ', …' : ''}`;
    const why =
      n.reason === 'nul'
        ? 'a NUL byte, which no JSON text holds (binary data?)'
        : `the line runs past ${cli.number(n.limit ?? 0)} bytes, more than any JSON text may have`;
    return `stopped reading ${quote(n.name)} at line ${cli.number(n.line ?? 1)}: ${why}; the lines after it are not checked`;
  },
  // a call marked pure, not a spread: a bundle that never reads the command's words drops them all
  rules: /* @__PURE__ */ Object.assign({}, ruleWords, {
    'R-json': {
      title: 'JSON text',
      help: 'The order is well-formed JSON text that names each property once per object: look at the character reported and the one before it (a missing comma, quote or bracket), or keep one of the names reported twice.',
    },
    did_you_mean: {
      title: 'Did you mean',
      help: 'A property or value that the specification does not name, but that is a small edit away from one it does: probably a typo. It does not make the order invalid.',
    },
    malformed_json: {
      title: 'Malformed JSON',
      help: 'The file or line is not JSON, or not UTF-8 (a file saved as UTF-16 is named so): fix the character reported, or save the file as UTF-8.',
    },
    unreadable: {
      title: 'Unreadable input',
      help: 'The input could not be read: check that it exists and may be read.',
    },
    too_large: {
      title: 'Input too large',
      help: 'A JSON document or NDJSON line is larger than the limit: split it, or write one order per line.',
    },
    no_orders: {
      title: 'No orders',
      help: 'The input holds no order: NDJSON that is empty or blank lines only, an empty JSON array, or a JSON file that is empty or white space only.',
    },
    not_found: { title: 'Input not found', help: 'No file, folder or pattern of this name exists.' },
    no_match: { title: 'Nothing matched', help: 'The folder or pattern holds no .json, .ndjson or .jsonl file.' },
    bad_pattern: {
      title: 'Pattern too large',
      help: 'The glob pattern stands for too many {a,b} alternatives: split it.',
    },
    check_failed: {
      title: 'Check failed',
      help: 'The input could not be checked in this process (too large a report, say): split it.',
    },
  }),
  thresholds: ({ failOn, maxInvalid, failing, unread }) =>
    `${failOn === 'hints' ? `${cli.orders(failing)} with violations or hints (--fail-on hints)` : `${cli.number(failing)} invalid`}, at most ${cli.number(maxInvalid)} allowed (--max-invalid): ${unread ? 'fails, since an input could not be checked' : failing > maxInvalid ? 'fails' : 'passes'}`,
  changed: (kept, total, base, commit) =>
    `--changed: checking ${cli.number(kept)} of ${cli.number(total)} ${total === 1 ? 'file' : 'files'}, those that differ from ${base} (merge base ${commit.slice(0, 12)})`,
  limits: {
    unordered: (reason) =>
      `-f github: the annotations come in input order, not changed files first, since the base cannot be used (${reason})`,
    suppressed: (n) =>
      `${n === 1 ? '1 known violation' : `${cli.number(n)} known violations`} left out by the baseline`,
    moreAnnotations: (n, files, summary) =>
      `and ${cli.number(n)} more in ${files === 1 ? '1 file' : `${cli.number(files)} files`}: see ${summary ? 'the job summary or ' : ''}the SARIF`,
    annotationsCut: (level, left, total, cap) =>
      `-f github: ${cli.number(left)} of ${cli.number(total)} ${level} annotations summed up in one, as GitHub shows ${cap} per step`,
    table: { where: 'Where', level: 'Level', finding: 'Rule and path', message: 'Message' },
    summaryFull: (n) =>
      `… and ${cli.number(n)} more not listed: a job summary holds at most 1 MiB; see the SARIF or another report`,
    sarifSplit: (results, runs, cap) =>
      `-f sarif: ${cli.number(results)} results split into ${runs} runs of at most ${cli.number(cap)}, as GitHub code scanning takes per run`,
    sarifFiles: (results, files, last) =>
      `-f sarif: ${cli.number(results)} results written into ${files} files, up to "${last}", each within what GitHub code scanning takes (20 runs, 10 MB gzip-compressed): upload each`,
    sarifRuns: (runs, cap) =>
      `-f sarif: the report has ${cli.number(runs)} runs, more than the ${cap} GitHub code scanning takes per file: with -o <file>.sarif the command splits it into files it takes; or use --baseline, --no-hints or --max-violations`,
    sarifLarge: (megabytes) =>
      `-f sarif: the report has ${cli.number(megabytes)} MB; GitHub code scanning takes at most 10 MB gzip-compressed: use --baseline, --no-hints or --max-violations if the upload refuses it`,
  },
  usage: {
    unknownOption: (name) => `unknown option ${name}`,
    missingValue: (name) => `option ${name} needs a value`,
    unexpectedValue: (name) => `option ${name} takes no value`,
    choice: (name, value, allowed) => `option ${name} takes ${allowed.join(', ')}, not ${quote(value)}`,
    jobs: (value) => `option --jobs takes a whole number from 1 to 256, not ${quote(value)}`,
    maxInputBytes: (name, value, max) => `${name} takes a whole number from 1 to ${max}, not ${quote(value)}`,
    maxViolations: (value) => `option --max-violations takes a whole number from 1 up, not ${quote(value)}`,
    stdoutTwice: (formats) =>
      `only one format can go to stdout, not ${formats.join(' and ')}: give the others --output <file>`,
    outputTwice: (path) => `${quote(path)} is named by --output twice`,
    outputIsInput: (output, input) =>
      `--output ${quote(output)} is ${input === output ? 'an input of this run' : `the input ${quote(input)}`}: the report would destroy it before it is read`,
    outputWithoutFormat: 'each --output follows the --format it writes; one --format has two',
    badExclude: (pattern, limit) => `the --exclude pattern ${quote(pattern)} has more than ${limit} {a,b} alternatives`,
    cannotWrite: (path, reason) => `cannot write ${quote(path)} (${systemErrors[reason] ?? reason})`,
    noInput: 'no input: name files, folders, glob patterns, or - for stdin',
    stdinTwice: 'stdin (-) can be named only once',
    unavailable: (type) => `--type ${type} is not available in this build of product-order-validator`,
    seeHelp: 'Run product-order-validate --help for usage.',
    baseDir: (path, reason) => `--base-dir ${quote(path)} is no folder (${systemErrors[reason] ?? reason})`,
    maxInvalid: (value) => `option --max-invalid takes a whole number from 0 up, not ${quote(value)}`,
    failOnHidden:
      '--fail-on hints and --no-hints do not go together: the orders that fail on their hints would be reported without them; leave out one of the two',
    config: (f) => {
      const where = `the config ${quote(f.file)}`;
      if (f.fault === 'unreadable') return `cannot read ${where} (${systemErrors[f.reason] ?? f.reason})`;
      if (f.fault === 'too_large') return `${where} is larger than ${cli.number(f.limit)} bytes`;
      if (f.fault === 'not_json') return `${where} is not JSON`;
      if (f.fault === 'unknown_key') return `${where} has the unknown key ${quote(f.key)}`;
      return `${where}: ${quote(f.key)} takes ${f.expected}`;
    },
    changed: (f) => {
      if (f.fault === 'no_git') return '--changed needs git, which is not installed (or not on PATH)';
      if (f.fault === 'not_repository') return `--changed needs a git repository, and ${quote(f.folder)} is in none`;
      const fetch = (hint: FetchHint | undefined) => {
        const branch = hint?.branch ?? '<branch>';
        if (hint?.platform === 'github')
          return `; in GitHub Actions, check out the history: actions/checkout with fetch-depth: 0 (or git fetch origin ${branch})`;
        if (hint?.platform === 'gitlab')
          return `; in GitLab CI, set the variable GIT_DEPTH: 0, or run git fetch origin ${branch} first`;
        if (hint?.platform === 'git')
          return `; the clone is shallow or lacks the base: git fetch origin ${branch} (or git fetch --unshallow)`;
        return '';
      };
      if (f.fault === 'bad_base')
        return `--changed: ${quote(f.base)} is no commit, branch or tag of this repository${fetch(f.fetch)}`;
      if (f.fault === 'no_default_branch')
        return '--changed: there is no origin/HEAD, main or master to compare with: name the base, --changed=<base>';
      if (f.fault === 'no_merge_base')
        return `--changed: ${quote(f.base)} and HEAD have no commit in common (or there is no commit yet)${fetch(f.fetch)}`;
      return `--changed: git failed (${f.detail})`;
    },
    badBaseline: (path, reason) => `cannot use the baseline ${quote(path)}: ${reason}`,
  },
  help: (version, cores) => `product-order-validate ${version}: checks FIT / TMF622 ProductOrder_FVO create requests.

Usage: product-order-validate [options] <input>...
       product-order-validate sample [options]   test data: valid and one-fault orders
                                                 (product-order-validate sample --help)

Inputs:
  file.json               one order, or an array of orders
  file.ndjson, .jsonl     one order per line, read as a stream
  folder                  every .json, .ndjson and .jsonl file below it, in path order
  'orders/**/*.json'      a glob pattern (*, ?, [a-z], **, {a,b}); quote it to keep the shell off it
  -                       stdin: one JSON document, or one order per line with --ndjson

Options:
  -t, --type <type>       product-order (default) or inflight-change
  -f, --format <format>   text (default): a report per file and order, and a summary;
                          json: one JSON document; ndjson: one JSON result per order, streamed;
                          sarif: SARIF 2.1.0 (GitHub code scanning); junit: JUnit XML;
                          github: GitHub Actions annotations; gitlab: GitLab Code Quality.
                          Repeat it to write several reports from one run
  -o, --output <file>     write the report of the --format before it to <file>, not stdout
  -q, --quiet             leave valid orders out: only invalid orders, input errors, the summary
      --exclude <glob>    skip the files matching <glob> (repeatable); a pattern without / matches
                          the file name at any depth: --exclude '*.expected.json'
      --max-violations <n>
                          list at most n violations per order (default 1000)
      --keep-inexact-numbers
                          keep numbers JavaScript cannot hold exactly (1e400, 12345678901234567890)
                          as it reads them, instead of reporting each as inexact_number
  -l, --lang <lang>       en or de; default from LC_ALL, LC_MESSAGES or LANG (de* gives de)
      --ndjson            read every input as one order per line (NDJSON on stdin is recognised)
  -j, --jobs <n>          worker threads that validate (default: the number of cores, here ${cores})
      --base-dir <folder> name files in reports relative to <folder> (default: the git repository's
                          root, else GITHUB_WORKSPACE or CI_PROJECT_DIR, else the working folder)
      --changed[=<base>]  check only the files that differ from the merge base of <base> and HEAD
                          (default origin/HEAD, else main, else master), staged and untracked ones too
      --fail-on <what>    violations (default), or hints: orders with hints fail the run too
      --max-invalid <n>   exit 0 while at most n orders fail (default 0)
      --config <file>     read settings from <file>; default: product-order-validate.config.json or
                          the "product-order-validate" key of package.json, from here up to the base dir
      --no-hints          leave hints out of every report
      --baseline <file>   leave out the violations a baseline file lists (by file, rule, code, path)
      --write-baseline <file>
                          write this run's violations to <file> as a baseline
      --strict-baseline   fail the run (exit 1) when baseline entries match nothing
  -h, --help              show this help
  -v, --version           show the version

Environment:
  PRODUCT_ORDER_VALIDATE_MAX_INPUT_BYTES=<n>
                          the limit in bytes of one JSON document or NDJSON line (default and
                          highest: V8's longest string, just under 512 MiB); a larger one is an
                          input error

Exit codes: 0 all orders valid, 1 some order invalid (more than --max-invalid), 2 a usage error,
3 an input that could not be read, is too large, is not JSON or holds no order (the other inputs
are still checked).

Examples:
  product-order-validate order.json
  product-order-validate --lang de orders/ --exclude '*.expected.json'
  product-order-validate orders/ --format sarif -o orders.sarif --format text
  product-order-validate 'exports/**/*.json' --format json > report.json
  gunzip -c nightly.ndjson.gz | product-order-validate --ndjson - --format ndjson
  product-order-validate --type product-order --jobs 4 nightly.jsonl
  product-order-validate --changed orders/ --format github
`,
  sample: {
    seed: (seed) => `seed ${seed}: give --seed ${seed} to draw the same samples again`,
    count: (value, max) => `option --count takes a whole number from 1 to ${cli.number(max)}, not ${quote(value)}`,
    seedValue: (value, max) => `option --seed takes a whole number from 0 to ${max}, not ${quote(value)}`,
    breakRule: (value, rules) =>
      `option --break takes a rule of ${rules.join(', ')} (or <rule>:<code>), not ${quote(value)}`,
    breakCode: (rule, code, codes) =>
      `a single fault of ${rule} gives ${codes.join(', ')}, not ${quote(code)} (--break ${rule}:<code>)`,
    notWith: (option, other) => `option ${option} does not go with ${other}: it chooses valid orders`,
    prettyWithoutDir: '--pretty writes one file per sample: name their folder with --out-dir <folder>',
    outputAndDir: '-o and --out-dir do not go together: NDJSON to one file, or one file per sample in a folder',
    outDir: (path, reason) => `--out-dir ${quote(path)} is no folder (${systemErrors[reason] ?? reason})`,
    outDirHolds: (path, file) =>
      `--out-dir ${quote(path)} already holds samples (${quote(file)}): samples never overwrite a file; name an empty or new folder`,
    outputExists: (path) => `-o ${quote(path)} exists: samples never overwrite a file; remove it or name a new one`,
    help: (version) => `product-order-validate ${version} sample: writes test data, product orders that are valid or
that break exactly one rule in one way, drawn from the package's own generators.

Usage: product-order-validate sample [options]

Options:
  -n, --count <n>         how many samples (default 10, at most 1,000,000)
      --seed <n>          the seed, 0 to 2147483647: the same seed gives the same bytes; without it a
                          seed is drawn and printed on stderr
  -k, --kind <kind>       order (default), inflight (in-flight changes) or a listener event type
      --category <c>      only orders of these categories (repeatable, or a comma list)
      --product <p>       only items of these product types (repeatable, or a comma list)
      --break <rule>[:<code>]
                          each sample breaks this rule (in this way) alone: each line is then
                          {"order": ..., "expected": {"rule", "code", "path"}} (repeatable)
  -o, --output <file>     write the NDJSON to <file> (a new one), not stdout
      --out-dir <folder>  one pretty-printed file per sample, <folder>/sample-0001.json (with
                          --break also sample-0001.expected.json); the folder must hold no sample yet
      --pretty            (with --out-dir) pretty-printed files, as --out-dir writes anyway
  -l, --lang <lang>       en or de: this command's messages and the texts (texts de unless given)
  -h, --help              show this help

Exit codes: 0 written (also when the reader of stdout stopped early, as head does), 2 a usage error
or a file that cannot be written.

Examples:
  product-order-validate sample --count 100 --seed 7 > orders.ndjson
  product-order-validate sample --break R10 --count 20 -o r10.ndjson
  product-order-validate sample --category new --product HvtLocalLoopProduct --out-dir fixtures/
  product-order-validate sample --count 1000 | product-order-validate --ndjson -
`,
  },
};
