// The order form: reads the fields into an order, validates it with the Standard Schema of
// product-order-validator on every change and shows each issue next to the field it concerns.
// Every field names its place in the order with data-key; lists (data-list) hold rows (data-item).
import { createProductOrderSchema } from './product-order-validator.js';

const form = document.getElementById('order');
const status = document.getElementById('status');
const json = document.getElementById('json');
const langSelect = document.getElementById('lang');

const schemas = { en: createProductOrderSchema({ lang: 'en' }), de: createProductOrderSchema({ lang: 'de' }) };

const texts = {
  en: {
    title: 'Product order',
    language: 'Language',
    header: 'Order',
    party: 'Related party',
    item: 'Order item',
    addPhone: '+ Phone',
    addEmail: '+ E-mail',
    addPostal: '+ Postal address',
    addPlace: '+ Place',
    addCharacteristic: '+ Characteristic',
    remove: 'Remove',
    check: 'Check order',
    json: 'The order as JSON',
    valid: 'The order is valid.',
    invalid: (n) => `${n} violation${n === 1 ? '' : 's'}; the fields you have edited show theirs.`,
  },
  de: {
    title: 'Produktauftrag',
    language: 'Sprache',
    header: 'Auftrag',
    party: 'Beteiligte Partei',
    item: 'Auftragsposition',
    addPhone: '+ Telefon',
    addEmail: '+ E-Mail',
    addPostal: '+ Postanschrift',
    addPlace: '+ Ort',
    addCharacteristic: '+ Merkmal',
    remove: 'Entfernen',
    check: 'Auftrag prüfen',
    json: 'Der Auftrag als JSON',
    valid: 'Der Auftrag ist gültig.',
    invalid: (n) => `${n} Verstoß${n === 1 ? '' : 'e'}; die bearbeiteten Felder zeigen ihre.`,
  },
};

let lang = 'en';
/** Pointers of the fields and lists the user has changed; their issues show as they type. */
const touched = new Set();
/** After "Check order", every issue shows. */
let showAll = false;

const escapeToken = (key) => String(key).replaceAll('~', '~0').replaceAll('/', '~1');
const pointerOf = (keys) => keys.map((key) => `/${escapeToken(key)}`).join('');
const keysOf = (pointer) =>
  pointer
    .split('/')
    .slice(1)
    .map((token) =>
      /^(?:0|[1-9]\d*)$/.test(token) ? Number(token) : token.replaceAll('~1', '/').replaceAll('~0', '~'),
    );

/** Gives every element with a place in the order its JSON Pointer, in data-path. */
function numberPaths() {
  for (const element of form.querySelectorAll('[data-key], [data-item]')) {
    const keys = [];
    for (let node = element; node !== form; node = node.parentElement) {
      if (node.dataset.key !== undefined) keys.unshift(node.dataset.key);
      else if (node.hasAttribute('data-item'))
        keys.unshift([...node.parentElement.children].filter((row) => row.hasAttribute('data-item')).indexOf(node));
    }
    element.dataset.path = pointerOf(keys);
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
    if (shown(field) && field.value !== '') setAt(order, keysOf(field.dataset.path), field.value);
  }
  return order;
}

/** The element an issue is shown at: the field of its path, or the nearest one above it. */
function targetOf(path) {
  for (let keys = [...path]; keys.length > 0; keys.pop()) {
    const element = form.querySelector(`[data-path="${CSS.escape(pointerOf(keys))}"]`);
    if (element && shown(element)) return element;
  }
  return form.querySelector('output[data-error-for=""]');
}

/** Whether the user changed the field at `pointer` or one inside it. */
const isTouched = (pointer) => pointer === '' || [...touched].some((t) => t === pointer || t.startsWith(`${pointer}/`));

/** The output next to a field or at the top of a fieldset, made on first use. */
function outputOf(target) {
  if (target.tagName === 'OUTPUT') return target;
  const pointer = target.dataset.path;
  let output = form.querySelector(`output[data-error-for="${CSS.escape(pointer)}"]`);
  if (!output) {
    output = document.createElement('output');
    output.className = 'errors';
    output.dataset.errorFor = pointer;
    if (target.tagName === 'FIELDSET') target.querySelector(':scope > legend').after(output);
    else target.after(output);
  }
  return output;
}

function validate() {
  const order = readOrder();
  json.textContent = JSON.stringify(order, null, 2);
  const result = schemas[lang]['~standard'].validate(order);
  const issues = result.issues ?? [];
  for (const output of form.querySelectorAll('output.errors')) output.replaceChildren();
  for (const field of form.querySelectorAll('[aria-invalid]')) field.removeAttribute('aria-invalid');
  for (const issue of issues) {
    const target = targetOf(issue.path);
    if (!showAll && !isTouched(target.dataset.path ?? '')) continue;
    const message = document.createElement('span');
    message.textContent = issue.message;
    Object.assign(message.dataset, { rule: issue.rule, code: issue.code });
    outputOf(target).append(message);
    if (target.dataset.path !== undefined) target.setAttribute('aria-invalid', 'true');
  }
  status.textContent = issues.length === 0 ? texts[lang].valid : texts[lang].invalid(issues.length);
  status.dataset.valid = String(issues.length === 0);
}

/** Shows the fields of the kind a `data-switch` select chooses, in the object it belongs to. */
function switchCases(select) {
  const scope = select.parentElement.closest('[data-key], [data-item]');
  for (const section of scope.querySelectorAll('[data-case]')) {
    if (section.parentElement.closest('[data-key], [data-item]') === scope)
      section.hidden = section.dataset.case !== select.value;
  }
}

function addRow(list, template) {
  const row = document.getElementById(template).content.firstElementChild.cloneNode(true);
  list.querySelector(':scope > .rows').append(row);
  translate(row);
  numberPaths();
  return row;
}

function translate(root) {
  for (const element of root.querySelectorAll('[data-i18n]')) element.textContent = texts[lang][element.dataset.i18n];
}

form.addEventListener('input', (event) => {
  if (event.target.dataset.path !== undefined) touched.add(event.target.dataset.path);
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
  }
  touched.add(list.dataset.path);
  validate();
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  showAll = true;
  validate();
});

langSelect.addEventListener('change', () => {
  lang = langSelect.value;
  document.documentElement.lang = lang;
  translate(document);
  validate();
});

numberPaths();
addRow(form.querySelector('[data-path="/relatedParty/0/partyOrPartyRole/contactMedium"]'), 'phone');
addRow(form.querySelector('[data-path="/productOrderItem/0/product/relatedPlace"]'), 'place');
validate();
status.dataset.ready = 'true';
