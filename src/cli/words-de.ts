// What the command says in German: report lines, input errors, usage errors and help.
import { de as ruleWords } from '../generated/rule-words.js';
import { numbers, quote } from '../wording.js';
import type { FetchHint } from './git.js';
import type { CliWording } from './wording.js';

const systemErrors: Readonly<Record<string, string>> = {
  ENOENT: 'Datei nicht vorhanden',
  EACCES: 'keine Berechtigung',
  EPERM: 'keine Berechtigung',
  EISDIR: 'ist ein Ordner',
  ELOOP: 'zu viele symbolische Links',
  ENOSPC: 'kein Platz mehr auf dem Gerät',
  ENOTDIR: 'ein Teil des Pfads ist eine Datei, kein Ordner',
  EEXIST: 'hier kann nichts angelegt werden',
  EROFS: 'ein schreibgeschütztes Dateisystem',
  fifo: 'ein FIFO, keine reguläre Datei',
  socket: 'ein Socket, keine reguläre Datei',
  device: 'ein Gerät, keine reguläre Datei',
  link_loop: 'ein symbolischer Link auf einen Ordner, der ihn enthält: eine Schleife',
  symlink: 'dort ist ein symbolischer Link, und durch einen solchen wird kein Bericht geschrieben',
};

export const cli: CliWording = {
  number: /* @__PURE__ */ numbers('de-DE'),
  orders: (n) => (n === 1 ? '1 Auftrag' : `${cli.number(n)} Aufträge`),
  line: (n) => `Zeile ${cli.number(n)}`,
  item: (n) => `Eintrag ${cli.number(n)}`,
  whole: '(der ganze Auftrag)',
  hint: 'Hinweis',
  allValid: 'alle gültig',
  invalid: (n) => `${n} ungültig`,
  summary: (orders, valid, invalid) => `${orders}: ${valid} gültig, ${invalid} ungültig`,
  inputErrors: (n) => `${cli.number(n)} Eingabefehler`,
  perSecond: 'Aufträge/s',
  position: (line, column) => `Zeile ${line}, Spalte ${column}`,
  violations: (n) => (n === 1 ? '1 Verstoß' : `${cli.number(n)} Verstöße`),
  more: (n, stopped) =>
    `… ${stopped ? 'mindestens ' : ''}${cli.number(n)} weitere${n === 1 && !stopped ? 'r Verstoß' : ' Verstöße'} nicht aufgeführt (--max-violations)`,
  error: (e) => {
    if (e.error === 'not_found') return 'keine solche Datei, kein solcher Ordner, kein solches Muster';
    if (e.error === 'no_match' && e.reason === 'excluded')
      return `jede gefundene .json-, .ndjson- und .jsonl-Datei ist ausgeschlossen, durch das Muster ${quote(e.found ?? '')} (--exclude oder exclude in der Konfiguration)`;
    if (e.error === 'no_match') return 'keine .json-, .ndjson- oder .jsonl-Datei gefunden';
    if (e.error === 'bad_pattern') return `das Muster hat mehr als ${cli.number(e.limit ?? 0)} {a,b}-Alternativen`;
    if (e.error === 'no_orders') return 'kein Auftrag darin: die Eingabe ist leer, leere Zeilen oder eine leere Liste';
    if (e.error === 'too_large') return `zu groß zum Prüfen: mehr als ${cli.number(e.limit ?? 0)} Bytes`;
    if (e.error === 'check_failed') return `konnte nicht geprüft werden, zu groß für diesen Prozess (${e.reason})`;
    if (e.reason === 'dangling_link') return `nicht lesbar (ein symbolischer Link ins Leere: ${e.found})`;
    if (e.error === 'unreadable') return `nicht lesbar (${systemErrors[e.reason ?? ''] ?? e.reason})`;
    if (e.reason === 'invalid_utf8') return `fehlerhaftes JSON: kein UTF-8 (Byte ${e.found})`;
    if (e.reason === 'utf16')
      return `fehlerhaftes JSON: sieht nach ${e.found} aus, nicht nach UTF-8; als UTF-8 speichern`;
    return e.reason === 'unexpected_end'
      ? 'fehlerhaftes JSON: unerwartetes Ende der Eingabe'
      : `fehlerhaftes JSON: unerwartetes Zeichen ${quote(e.found ?? '')}`;
  },
  note: (n) => {
    if (n.note === 'not_followed')
      return `${quote(n.name)} nicht verfolgt: ein symbolischer Link auf einen Ordner, der ihn enthält (eine Schleife); die Dateien dort werden unter ihrem eigenen Pfad geprüft`;
    if (n.note === 'report')
      return `${quote(n.name)} ausgelassen: ein Bericht von product-order-validate, keine Aufträge`;
    if (n.note === 'output') return `${quote(n.name)} ausgelassen: dieser Lauf schreibt seinen Bericht dorthin`;
    if (n.note === 'baseline_unused')
      return `${n.count === 1 ? '1 Eintrag' : `${cli.number(n.count ?? 0)} Einträge`} der Baseline ${quote(n.name)} ${n.count === 1 ? 'trifft' : 'treffen'} in den geprüften Dateien nichts (behoben, oder die Datei ist fort): ${(n.entries ?? []).join(', ')}${(n.count ?? 0) > (n.entries?.length ?? 0) ? ', …' : ''}`;
    const why =
      n.reason === 'nul'
        ? 'ein NUL-Byte, das kein JSON-Text enthält (Binärdaten?)'
        : `die Zeile ist länger als ${cli.number(n.limit ?? 0)} Bytes, mehr als ein JSON-Text haben darf`;
    return `Lesen von ${quote(n.name)} in Zeile ${cli.number(n.line ?? 1)} beendet: ${why}; die Zeilen danach werden nicht geprüft`;
  },
  // a call marked pure, not a spread: a bundle that never reads the command's words drops them all
  rules: /* @__PURE__ */ Object.assign({}, ruleWords, {
    'R-json': {
      title: 'JSON-Text',
      help: 'Der Auftrag ist wohlgeformter JSON-Text, der jede Eigenschaft je Objekt nur einmal nennt: das gemeldete Zeichen und das davor prüfen (ein fehlendes Komma, Anführungszeichen oder eine fehlende Klammer) oder von einem doppelt gemeldeten Namen nur einen behalten.',
    },
    did_you_mean: {
      title: 'Meinten Sie',
      help: 'Eine Eigenschaft oder ein Wert, den die Spezifikation nicht nennt, der aber nur eine kleine Änderung von einem genannten entfernt ist: vermutlich ein Tippfehler. Der Auftrag wird dadurch nicht ungültig.',
    },
    malformed_json: {
      title: 'Fehlerhaftes JSON',
      help: 'Die Datei oder Zeile ist kein JSON oder kein UTF-8 (eine als UTF-16 gespeicherte Datei wird so benannt): das gemeldete Zeichen korrigieren oder die Datei als UTF-8 speichern.',
    },
    unreadable: {
      title: 'Eingabe nicht lesbar',
      help: 'Die Eingabe konnte nicht gelesen werden: prüfen, ob es sie gibt und ob sie gelesen werden darf.',
    },
    too_large: {
      title: 'Eingabe zu groß',
      help: 'Ein JSON-Dokument oder eine NDJSON-Zeile ist größer als die Grenze: aufteilen oder einen Auftrag pro Zeile schreiben.',
    },
    no_orders: {
      title: 'Keine Aufträge',
      help: 'Die Eingabe enthält keinen Auftrag: NDJSON, das leer ist oder nur leere Zeilen hat, eine leere JSON-Liste oder eine JSON-Datei, die leer ist oder nur Leerraum enthält.',
    },
    not_found: {
      title: 'Eingabe nicht gefunden',
      help: 'Es gibt keine Datei, keinen Ordner und kein Muster dieses Namens.',
    },
    no_match: {
      title: 'Nichts gefunden',
      help: 'Der Ordner oder das Muster enthält keine .json-, .ndjson- oder .jsonl-Datei.',
    },
    bad_pattern: {
      title: 'Muster zu groß',
      help: 'Das Glob-Muster steht für zu viele {a,b}-Alternativen: aufteilen.',
    },
    check_failed: {
      title: 'Prüfung fehlgeschlagen',
      help: 'Die Eingabe konnte in diesem Prozess nicht geprüft werden (etwa weil der Bericht zu groß wäre): aufteilen.',
    },
  }),
  thresholds: ({ failOn, maxInvalid, failing, unread }) =>
    `${failOn === 'hints' ? `${cli.orders(failing)} mit Verstößen oder Hinweisen (--fail-on hints)` : `${cli.number(failing)} ungültig`}, höchstens ${cli.number(maxInvalid)} erlaubt (--max-invalid): ${unread ? 'nicht bestanden, da eine Eingabe nicht geprüft werden konnte' : failing > maxInvalid ? 'nicht bestanden' : 'bestanden'}`,
  changed: (kept, total, base, commit) =>
    `--changed: ${cli.number(kept)} von ${cli.number(total)} ${total === 1 ? 'Datei wird' : 'Dateien werden'} geprüft, die sich von ${base} unterscheiden (Merge-Basis ${commit.slice(0, 12)})`,
  limits: {
    unordered: (reason) =>
      `-f github: die Anmerkungen kommen in der Reihenfolge der Eingaben, nicht die geänderten Dateien zuerst, da die Basis nicht verwendbar ist (${reason})`,
    suppressed: (n) =>
      `${n === 1 ? '1 bekannter Verstoß' : `${cli.number(n)} bekannte Verstöße`} durch die Baseline ausgelassen`,
    moreAnnotations: (n, files, summary) =>
      `und ${cli.number(n)} weitere in ${files === 1 ? '1 Datei' : `${cli.number(files)} Dateien`}: siehe ${summary ? 'die Job-Zusammenfassung oder ' : ''}den SARIF-Bericht`,
    annotationsCut: (level, left, total, cap) =>
      `-f github: ${cli.number(left)} von ${cli.number(total)} ${level}-Annotationen in einer zusammengefasst, da GitHub ${cap} je Schritt zeigt`,
    table: { where: 'Stelle', level: 'Stufe', finding: 'Regel und Pfad', message: 'Meldung' },
    summaryFull: (n) =>
      `… und ${cli.number(n)} weitere nicht aufgeführt: eine Job-Zusammenfassung fasst höchstens 1 MiB; siehe den SARIF- oder einen anderen Bericht`,
    sarifSplit: (results, runs, cap) =>
      `-f sarif: ${cli.number(results)} Ergebnisse auf ${runs} Läufe zu höchstens ${cli.number(cap)} verteilt, so viele nimmt GitHub Code Scanning je Lauf`,
    sarifFiles: (results, files, last) =>
      `-f sarif: ${cli.number(results)} Ergebnisse in ${files} Dateien geschrieben, bis "${last}", jede in dem, was GitHub Code Scanning nimmt (20 Läufe, 10 MB gzip-komprimiert): laden Sie jede hoch`,
    sarifRuns: (runs, cap) =>
      `-f sarif: der Bericht hat ${cli.number(runs)} Läufe, mehr als die ${cap}, die GitHub Code Scanning je Datei nimmt: mit -o <Datei>.sarif teilt der Befehl ihn in Dateien, die es nimmt; oder nutzen Sie --baseline, --no-hints oder --max-violations`,
    sarifLarge: (megabytes) =>
      `-f sarif: der Bericht hat ${cli.number(megabytes)} MB; GitHub Code Scanning nimmt höchstens 10 MB gzip-komprimiert: nutzen Sie --baseline, --no-hints oder --max-violations, falls der Upload ihn ablehnt`,
  },
  usage: {
    unknownOption: (name) => `unbekannte Option ${name}`,
    missingValue: (name) => `Option ${name} braucht einen Wert`,
    unexpectedValue: (name) => `Option ${name} nimmt keinen Wert`,
    choice: (name, value, allowed) => `Option ${name} nimmt ${allowed.join(', ')}, nicht ${quote(value)}`,
    jobs: (value) => `Option --jobs nimmt eine ganze Zahl von 1 bis 256, nicht ${quote(value)}`,
    maxInputBytes: (name, value, max) => `${name} nimmt eine ganze Zahl von 1 bis ${max}, nicht ${quote(value)}`,
    maxViolations: (value) => `Option --max-violations nimmt eine ganze Zahl ab 1, nicht ${quote(value)}`,
    stdoutTwice: (formats) =>
      `nur ein Format kann auf stdout gehen, nicht ${formats.join(' und ')}: den anderen --output <Datei> geben`,
    outputTwice: (path) => `${quote(path)} wird zweimal mit --output genannt`,
    outputIsInput: (output, input) =>
      `--output ${quote(output)} ist ${input === output ? 'eine Eingabe dieses Laufs' : `die Eingabe ${quote(input)}`}: der Bericht würde sie zerstören, bevor sie gelesen ist`,
    outputWithoutFormat: 'jedes --output folgt dem --format, das es schreibt; ein --format hat zwei',
    badExclude: (pattern, limit) => `das --exclude-Muster ${quote(pattern)} hat mehr als ${limit} {a,b}-Alternativen`,
    cannotWrite: (path, reason) => `${quote(path)} kann nicht geschrieben werden (${systemErrors[reason] ?? reason})`,
    noInput: 'keine Eingabe: Dateien, Ordner, Glob-Muster oder - für stdin angeben',
    stdinTwice: 'stdin (-) kann nur einmal angegeben werden',
    unavailable: (type) => `--type ${type} ist in diesem Build von product-order-validator nicht verfügbar`,
    seeHelp: 'Hilfe: product-order-validate --help',
    baseDir: (path, reason) => `--base-dir ${quote(path)} ist kein Ordner (${systemErrors[reason] ?? reason})`,
    maxInvalid: (value) => `Option --max-invalid nimmt eine ganze Zahl ab 0, nicht ${quote(value)}`,
    failOnHidden:
      '--fail-on hints und --no-hints schließen einander aus: Aufträge, die an ihren Hinweisen scheitern, stünden ohne diese Hinweise im Bericht; lassen Sie eine der beiden Optionen weg',
    config: (f) => {
      const where = `die Konfiguration ${quote(f.file)}`;
      if (f.fault === 'unreadable') return `${where} ist nicht lesbar (${systemErrors[f.reason] ?? f.reason})`;
      if (f.fault === 'too_large') return `${where} ist größer als ${cli.number(f.limit)} Bytes`;
      if (f.fault === 'not_json') return `${where} ist kein JSON`;
      if (f.fault === 'unknown_key') return `${where} hat den unbekannten Schlüssel ${quote(f.key)}`;
      return `${where}: ${quote(f.key)} nimmt ${f.expected}`;
    },
    changed: (f) => {
      if (f.fault === 'no_git') return '--changed braucht git, das nicht installiert ist (oder nicht im PATH)';
      if (f.fault === 'not_repository')
        return `--changed braucht ein git-Repository, und ${quote(f.folder)} liegt in keinem`;
      const fetch = (hint: FetchHint | undefined) => {
        const branch = hint?.branch ?? '<Branch>';
        if (hint?.platform === 'github')
          return `; in GitHub Actions die Historie auschecken: actions/checkout mit fetch-depth: 0 (oder git fetch origin ${branch})`;
        if (hint?.platform === 'gitlab')
          return `; in GitLab CI die Variable GIT_DEPTH: 0 setzen oder vorher git fetch origin ${branch} ausführen`;
        if (hint?.platform === 'git')
          return `; der Klon ist flach oder ohne die Basis: git fetch origin ${branch} (oder git fetch --unshallow)`;
        return '';
      };
      if (f.fault === 'bad_base')
        return `--changed: ${quote(f.base)} ist kein Commit, Branch oder Tag dieses Repositorys${fetch(f.fetch)}`;
      if (f.fault === 'no_default_branch')
        return '--changed: es gibt kein origin/HEAD, main oder master zum Vergleich: die Basis angeben, --changed=<Basis>';
      if (f.fault === 'no_merge_base')
        return `--changed: ${quote(f.base)} und HEAD haben keinen gemeinsamen Commit (oder es gibt noch keinen Commit)${fetch(f.fetch)}`;
      return `--changed: git ist fehlgeschlagen (${f.detail})`;
    },
    badBaseline: (path, reason) => `die Baseline ${quote(path)} ist nicht verwendbar: ${reason}`,
  },
  help: (version, cores) => `product-order-validate ${version}: prüft FIT-/TMF622-Anfragen ProductOrder_FVO (create).

Aufruf: product-order-validate [Optionen] <Eingabe>...
        product-order-validate sample [Optionen]   Testdaten: gültige Aufträge und solche mit
                                                   einem Fehler (product-order-validate sample --help)

Eingaben:
  datei.json              ein Auftrag oder ein Array von Aufträgen
  datei.ndjson, .jsonl    ein Auftrag pro Zeile, als Strom gelesen
  ordner                  jede .json-, .ndjson- und .jsonl-Datei darunter, nach Pfad geordnet
  'auftraege/**/*.json'   ein Glob-Muster (*, ?, [a-z], **, {a,b}); in Anführungszeichen, damit die
                          Shell es nicht selbst auflöst
  -                       stdin: ein JSON-Dokument, oder mit --ndjson ein Auftrag pro Zeile

Optionen:
  -t, --type <Typ>        product-order (Standard) oder inflight-change
  -f, --format <Format>   text (Standard): ein Bericht pro Datei und Auftrag und eine Zusammenfassung;
                          json: ein JSON-Dokument; ndjson: ein JSON-Ergebnis pro Auftrag, gestreamt;
                          sarif: SARIF 2.1.0 (GitHub Code Scanning); junit: JUnit-XML;
                          github: Anmerkungen für GitHub Actions; gitlab: GitLab Code Quality.
                          Mehrfach angeben, um aus einem Lauf mehrere Berichte zu schreiben
  -o, --output <Datei>    den Bericht des --format davor in <Datei> schreiben statt auf stdout
  -q, --quiet             gültige Aufträge weglassen: nur ungültige, Eingabefehler, Zusammenfassung
      --exclude <Muster>  die Dateien überspringen, auf die <Muster> passt (mehrfach möglich); ein
                          Muster ohne / passt auf den Dateinamen in jeder Tiefe:
                          --exclude '*.expected.json'
      --max-violations <n>
                          höchstens n Verstöße pro Auftrag aufführen (Standard 1000)
      --keep-inexact-numbers
                          Zahlen, die JavaScript nicht genau darstellen kann (1e400,
                          12345678901234567890), so behalten, wie es sie liest, statt jede als
                          inexact_number zu melden
  -l, --lang <Sprache>    de oder en; Standard aus LC_ALL, LC_MESSAGES oder LANG (de* ergibt de)
      --ndjson            jede Eingabe als einen Auftrag pro Zeile lesen (NDJSON auf stdin wird erkannt)
  -j, --jobs <n>          Worker-Threads, die prüfen (Standard: die Zahl der Kerne, hier ${cores})
      --base-dir <Ordner> Dateien in Berichten relativ zu <Ordner> nennen (Standard: die Wurzel des
                          git-Repositorys, sonst GITHUB_WORKSPACE oder CI_PROJECT_DIR, sonst der
                          Arbeitsordner)
      --changed[=<Basis>] nur die Dateien prüfen, die sich von der Merge-Basis von <Basis> und HEAD
                          unterscheiden (Standard origin/HEAD, sonst main, sonst master), auch
                          vorgemerkte und nicht versionierte
      --fail-on <was>     violations (Standard), oder hints: auch Aufträge mit Hinweisen lassen den
                          Lauf scheitern
      --max-invalid <n>   Exit-Code 0, solange höchstens n Aufträge scheitern (Standard 0)
      --config <Datei>    Einstellungen aus <Datei> lesen; Standard: product-order-validate.config.json
                          oder der Schlüssel "product-order-validate" der package.json, von hier bis
                          zum Basisordner
      --no-hints          Hinweise in keinem Bericht aufführen
      --baseline <Datei>  die Verstöße auslassen, die eine Baseline-Datei aufführt (nach Datei,
                          Regel, Code, Pfad)
      --write-baseline <Datei>
                          die Verstöße dieses Laufs als Baseline in <Datei> schreiben
      --strict-baseline   den Lauf scheitern lassen (Exit 1), wenn Baseline-Einträge nichts treffen
  -h, --help              diese Hilfe zeigen
  -v, --version           die Version zeigen

Umgebung:
  PRODUCT_ORDER_VALIDATE_MAX_INPUT_BYTES=<n>
                          die Grenze in Bytes für ein JSON-Dokument oder eine NDJSON-Zeile
                          (Standard und Höchstwert: V8s längste Zeichenkette, knapp 512 MiB); eine
                          größere Eingabe ist ein Eingabefehler

Exit-Codes: 0 alle Aufträge gültig, 1 ein Auftrag ungültig (mehr als --max-invalid), 2 ein
Aufruffehler, 3 eine Eingabe, die nicht lesbar, zu groß oder kein JSON ist oder keinen Auftrag
enthält (die anderen Eingaben werden trotzdem geprüft).

Beispiele:
  product-order-validate auftrag.json
  product-order-validate --lang de auftraege/ --exclude '*.expected.json'
  product-order-validate auftraege/ --format sarif -o auftraege.sarif --format text
  product-order-validate 'exporte/**/*.json' --format json > bericht.json
  gunzip -c nightly.ndjson.gz | product-order-validate --ndjson - --format ndjson
  product-order-validate --type product-order --jobs 4 nightly.jsonl
  product-order-validate --changed auftraege/ --format github
`,
  sample: {
    seed: (seed) => `Seed ${seed}: mit --seed ${seed} entstehen dieselben Beispiele wieder`,
    count: (value, max) => `Option --count nimmt eine ganze Zahl von 1 bis ${cli.number(max)}, nicht ${quote(value)}`,
    seedValue: (value, max) => `Option --seed nimmt eine ganze Zahl von 0 bis ${max}, nicht ${quote(value)}`,
    breakRule: (value, rules) =>
      `Option --break nimmt eine Regel aus ${rules.join(', ')} (oder <Regel>:<Code>), nicht ${quote(value)}`,
    breakCode: (rule, code, codes) =>
      `ein einzelner Fehler gegen ${rule} ergibt ${codes.join(', ')}, nicht ${quote(code)} (--break ${rule}:<Code>)`,
    notWith: (option, other) => `Option ${option} geht nicht mit ${other}: sie wählt gültige Aufträge`,
    prettyWithoutDir: '--pretty schreibt eine Datei pro Beispiel: ihren Ordner mit --out-dir <Ordner> angeben',
    outputAndDir:
      '-o und --out-dir gehen nicht zusammen: NDJSON in eine Datei, oder eine Datei pro Beispiel in einen Ordner',
    outDir: (path, reason) => `--out-dir ${quote(path)} ist kein Ordner (${systemErrors[reason] ?? reason})`,
    outDirHolds: (path, file) =>
      `--out-dir ${quote(path)} enthält schon Beispiele (${quote(file)}): Beispiele überschreiben nie eine Datei; einen leeren oder neuen Ordner angeben`,
    outputExists: (path) =>
      `-o ${quote(path)} gibt es schon: Beispiele überschreiben nie eine Datei; sie entfernen oder eine neue angeben`,
    help: (version) => `product-order-validate ${version} sample: schreibt Testdaten, Produktaufträge, die gültig sind
oder genau eine Regel auf eine Weise verletzen, aus den Generatoren des Pakets.

Aufruf: product-order-validate sample [Optionen]

Optionen:
  -n, --count <n>         wie viele Beispiele (Standard 10, höchstens 1.000.000)
      --seed <n>          der Seed, 0 bis 2147483647: derselbe Seed ergibt dieselben Bytes; ohne ihn
                          wird einer gezogen und auf stderr ausgegeben
  -k, --kind <Art>        order (Standard), inflight (In-flight-Änderungen) oder ein Listener-Ereignistyp
      --category <c>      nur Aufträge dieser Kategorien (mehrfach, oder durch Kommas getrennt)
      --product <p>       nur Positionen dieser Produkttypen (mehrfach, oder durch Kommas getrennt)
      --break <Regel>[:<Code>]
                          jedes Beispiel verletzt allein diese Regel (auf diese Weise): jede Zeile
                          ist dann {"order": ..., "expected": {"rule", "code", "path"}} (mehrfach)
  -o, --output <Datei>    das NDJSON in <Datei> (eine neue) schreiben statt auf stdout
      --out-dir <Ordner>  eine eingerückte Datei pro Beispiel, <Ordner>/sample-0001.json (mit
                          --break auch sample-0001.expected.json); der Ordner darf noch kein
                          Beispiel enthalten
      --pretty            (mit --out-dir) eingerückte Dateien, wie --out-dir sie ohnehin schreibt
  -l, --lang <Sprache>    de oder en: die Meldungen dieses Befehls und die Texte (Texte de, wenn nicht angegeben)
  -h, --help              diese Hilfe zeigen

Exit-Codes: 0 geschrieben (auch wenn der Leser von stdout früher aufhört, wie head), 2 ein
Aufruffehler oder eine Datei, die nicht geschrieben werden kann.

Beispiele:
  product-order-validate sample --count 100 --seed 7 > auftraege.ndjson
  product-order-validate sample --break R10 --count 20 -o r10.ndjson
  product-order-validate sample --category new --product HvtLocalLoopProduct --out-dir fixtures/
  product-order-validate sample --count 1000 | product-order-validate --ndjson -
`,
  },
};
