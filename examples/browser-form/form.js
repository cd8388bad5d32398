// The order form: reads the fields into an order, validates it with the Standard Schema of
// product-order-validator on every change and shows each issue next to the field it concerns.
// Every field names its place in the order with data-key; lists (data-list) hold rows (data-item).
// The words are the package's labels: a data-label names a key of `fields`, an option shows the
// label of its value, and the messages name the fields with the same words.
import { createProductOrderSchema, labelsDe, labelsEn, toDateTime } from './product-order-validator.js';

const form = document.getElementById('order');
const status = document.getElementById('status');
const json = document.getElementById('json');
const langSelect = document.getElementById('lang');
const orderErrors = form.querySelector('output[data-error-for=""]');

const labels = { de: labelsDe, en: labelsEn };
// emptyAsMissing: a field left blank is a missing field, as a clerk means it
const schemas = {
  de: createProductOrderSchema({ lang: 'de', labels: labelsDe, emptyAsMissing: true }),
  en: createProductOrderSchema({ lang: 'en', labels: labelsEn, emptyAsMissing: true }),
};

const texts = {
  de: {
    title: 'Produktauftrag',
    language: 'Sprache',
    header: 'Auftrag',
    timeHint: 'Datum und Uhrzeit in deutscher Zeit (MEZ/MESZ).',
    addPhone: 'Telefon hinzufügen',
    addEmail: 'E-Mail hinzufügen',
    addPostal: 'Postanschrift hinzufügen',
    addPlace: 'Standort hinzufügen',
    addCharacteristic: 'Merkmal hinzufügen',
    remove: (item) => `${item} entfernen`,
    check: 'Auftrag prüfen',
    json: 'Der Auftrag als JSON',
    valid: 'Der Auftrag ist vollständig und gültig.',
    invalid: (n, all) => `Noch ${n} Fehler im Auftrag.${all ? '' : ' „Auftrag prüfen“ zeigt alle.'}`,
  },
  en: {
    title: 'Product order',
    language: 'Language',
    header: 'Order',
    timeHint: 'Dates and times in German time (CET/CEST).',
    addPhone: 'Add phone',
    addEmail: 'Add email',
    addPostal: 'Add postal address',
    addPlace: 'Add location',
    addCharacteristic: 'Add characteristic',
    remove: (item) => `Remove ${item}`,
    check: 'Check order',
    json: 'The order as JSON',
    valid: 'The order is complete and valid.',
    invalid: (n, all) =>
      `${n} ${n === 1 ? 'problem' : 'problems'} left in the order.${all ? '' : ' “Check order” shows them all.'}`,
  },
};

let lang = langSelect.value;
/** The fields and lists the user has changed (elements, whose paths change as rows go); their issues show as they type. */
const touched = new Set();
/** After "Check order", every issue shows. */
let showAll = false;
/** The output of each field or fieldset that has had a message, and what it shows. */
const outputs = new Map();
const rendered = new WeakMap();

const escapeToken = (key) => String(key).replaceAll('~', '~0').replaceAll('/', '~1');
const pointerOf = (keys) => keys.map((key) => `/${escapeToken(key)}`).join('');
const keysOf = (pointer) =>
  pointer
    .split('/')
    .slice(1)
    .map((token) =>
      /^(?:0|[1-9]\d*)$/.test(token) ? Number(token) : token.replaceAll('~1', '/').replaceAll('~0', '~'),
    );

/** Gives every element with a place in the order its JSON Pointer, in data-path, and every row's legend its number. */
function numberPaths() {
  for (const element of form.querySelectorAll('[data-key], [data-item]')) {
    const keys = [];
    for (let node = element; node !== form; node = node.parentElement) {
      if (node.dataset.key !== undefined) keys.unshift(node.dataset.key);
      else if (node.hasAttribute('data-item'))
        keys.unshift([...node.parentElement.children].filter((row) => row.hasAttribute('data-item')).indexOf(node));
    }
    element.dataset.path = pointerOf(keys);
    if (element.hasAttribute('data-item')) {
      const legend = element.querySelector(':scope > legend');
      if (legend) legend.dataset.n = String(keys.at(-1) + 1);
    }
  }
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The words of a data-label: the field's label, counted when it names a row ("Kontakt 2"). */
function labelOf(element) {
  const words = labels[lang];
  const key = element.dataset.label;
  const label = words.fields[key] ?? words.fields[key.replace(/\[\]$/, '')] ?? key;
  return element.dataset.n ? words.item(label, Number(element.dataset.n)) : label;
}

/** Puts every text in the language chosen. */
function translate() {
  const words = labels[lang];
  for (const element of document.querySelectorAll('[data-i18n]'))
    element.textContent = texts[lang][element.dataset.i18n];
  for (const element of document.querySelectorAll('[data-label]')) element.textContent = capital(labelOf(element));
  // a row of contact details says which kind it is: "Kontakt 1: Telefon"
  for (const legend of form.querySelectorAll('[data-item] > legend')) {
    const kind = legend.parentElement.querySelector(':scope > input[data-key="@type"]')?.value;
    if (kind) legend.append(`: ${words.values[kind] ?? kind}`);
  }
  for (const option of document.querySelectorAll('select[data-key] option')) {
    option.textContent = capital(words.values[option.value] ?? option.value);
  }
  for (const button of form.querySelectorAll('button[data-remove]')) {
    button.textContent = capital(texts[lang].remove(labelOf(button.closest('[data-item]').querySelector('legend'))));
  }
}

const shown = (element) => !element.closest('[hidden]');

/** Sets `value` at `keys` in `target`, making arrays for numeric keys and objects for the others. */
function setAt(target, keys, value) {
  let node = target;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) node[key] = value;
    else node = node[key] ??= typeof keys[i + 1] === 'number' ? [] : {};
  });
}

/** The order the fields describe: empty fields are absent, lists present even when empty. */
function readOrder() {
  const order = {};
  for (const list of form.querySelectorAll('[data-list]')) if (shown(list)) setAt(order, keysOf(list.dataset.path), []);
  for (const field of form.querySelectorAll('input[data-key], select[data-key]')) {
    if (!shown(field) || field.value === '') continue;
    // a date picker gives a wall-clock time; the order wants it with the offset of German time then
    const value = field.type === 'datetime-local' ? toDateTime(field.value) : field.value;
    setAt(order, keysOf(field.dataset.path), value);
  }
  return order;
}

/** The element an issue is shown at: the field of its path, or the nearest fieldset or row above it. */
function targetOf(path) {
  for (let keys = [...path]; keys.length > 0; keys.pop()) {
    const element = form.querySelector(`[data-path="${CSS.escape(pointerOf(keys))}"]`);
    if (element && shown(element) && element.type !== 'hidden') return element;
  }
  return orderErrors;
}

/** Whether the user changed the field `target` or one inside it. */
const isTouched = (target) => target === orderErrors || [...touched].some((element) => target.contains(element));

/** The output under a field (outside its label, which names it) or at the top of a fieldset, made on first use. */
function outputOf(target) {
  if (target === orderErrors) return target;
  let output = outputs.get(target);
  if (!output) {
    output = document.createElement('output');
    output.className = 'errors';
    if (target.tagName === 'FIELDSET') target.querySelector(':scope > legend').after(output);
    else (target.closest('.field') ?? target).append(output);
    nameOutput(output, target);
    outputs.set(target, output);
  }
  return output;
}

/** Shows `issues` in `output` (changing it only when they change, as it is a live region) and ties it to `target`. */
function show(output, issues, target) {
  const text = issues.map((issue) => `${issue.rule} ${issue.code} ${issue.message}`).join('\n');
  if (rendered.get(output) !== text) {
    output.replaceChildren(
      ...issues.map((issue) => {
        const span = document.createElement('span');
        span.textContent = issue.message;
        Object.assign(span.dataset, { rule: issue.rule, code: issue.code });
        return span;
      }),
    );
    rendered.set(output, text);
  }
  if (!target) return;
  const invalid = issues.length > 0;
  const ids = (target.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && !id.startsWith('error:'));
  if (invalid) ids.unshift(output.id);
  if (ids.length > 0) target.setAttribute('aria-describedby', ids.join(' '));
  else target.removeAttribute('aria-describedby');
  // a group has no aria-invalid (ARIA 1.3); its border says it
  if (target.tagName === 'FIELDSET') target.classList.toggle('invalid', invalid);
  else if (invalid) target.setAttribute('aria-invalid', 'true');
  else target.removeAttribute('aria-invalid');
}

/** Names an output after the path of its field, which moves when a row above it is removed. */
function nameOutput(output, target) {
  output.dataset.errorFor = target.dataset.path;
  output.id = `error:${target.dataset.path}`;
}

function validate() {
  for (const [target, output] of outputs) {
    if (target.isConnected) nameOutput(output, target);
    else outputs.delete(target);
  }
  for (const element of touched) if (!element.isConnected) touched.delete(element);
  const order = readOrder();
  const result = schemas[lang]['~standard'].validate(order);
  const issues = result.issues ?? [];
  // a valid order as the schema gives it back: without the fields left blank
  json.textContent = JSON.stringify(issues.length === 0 ? result.value : order, null, 2);
  const byOutput = new Map();
  for (const issue of issues) {
    const target = targetOf(issue.path);
    if (!showAll && !isTouched(target)) continue;
    const output = outputOf(target);
    byOutput.set(output, [...(byOutput.get(output) ?? []), issue]);
  }
  for (const [target, output] of outputs) show(output, byOutput.get(output) ?? [], target);
  show(orderErrors, byOutput.get(orderErrors) ?? []);
  status.textContent = issues.length === 0 ? texts[lang].valid : texts[lang].invalid(issues.length, showAll);
  status.dataset.valid = String(issues.length === 0);
}

/** Shows the fields of the kind a `data-switch` select chooses, in the object it belongs to. */
function switchCases(select) {
  const scope = select.closest('.field').parentElement.closest('[data-key], [data-item]');
  for (const section of scope.querySelectorAll('[data-case]')) {
    if (section.parentElement.closest('[data-key], [data-item]') === scope)
      section.hidden = section.dataset.case !== select.value;
  }
}

function addRow(list, template) {
  const row = document.getElementById(template).content.firstElementChild.cloneNode(true);
  list.querySelector(':scope > .rows').append(row);
  numberPaths();
  translate();
  return row;
}

form.addEventListener('input', (event) => {
  if (event.target.dataset.path !== undefined) touched.add(event.target);
  if (event.target.hasAttribute('data-switch')) switchCases(event.target);
  validate();
});

form.addEventListener('click', (event) => {
  const button = event.target.closest('button[type="button"]');
  if (!button) return;
  const list = button.closest('[data-list]');
  if (button.dataset.add) addRow(list, button.dataset.add);
  else if (button.hasAttribute('data-remove')) {
    button.closest('[data-item]').remove();
    numberPaths();
    translate();
    list.querySelector('[data-add]').focus();
  }
  touched.add(list);
  validate();
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  showAll = true;
  validate();
  // the first field with a message takes the focus, which reads its label and message out; a list's
  // own message (a row is missing) gives it to the list's first control that adds a row
  const first = form.querySelector('[aria-invalid="true"], fieldset.invalid');
  const list = first?.tagName === 'FIELDSET' ? first : undefined;
  (list
    ? (list.querySelector(':scope > [data-add]') ?? list.querySelector('input, select, textarea, button'))
    : first
  )?.focus();
});

function setLang() {
  lang = langSelect.value;
  document.documentElement.lang = lang;
  translate();
  validate();
}
langSelect.addEventListener('change', setLang);

numberPaths();
addRow(form.querySelector('[data-path="/relatedParty/0/partyOrPartyRole/contactMedium"]'), 'phone');
addRow(form.querySelector('[data-path="/productOrderItem/0/product/relatedPlace"]'), 'place');
setLang();
status.dataset.ready = 'true';
