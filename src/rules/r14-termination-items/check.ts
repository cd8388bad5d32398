// R14. When category is one of terminationByBuyer, terminationBySeller, terminationProviderChange:
// every order item has action equal to delete.

import { deleteAction, terminations } from '../../generated/facts.js';
import { actionDemand } from '../items.js';

export const r14 = /* @__PURE__ */ actionDemand({
  id: 'R14',
  categories: new Set(terminations),
  action: deleteAction,
});
