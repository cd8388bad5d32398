// R14. When category is one of terminationByBuyer, terminationBySeller, terminationProviderChange:
// every order item has action equal to delete.

import { deleteAction, terminations } from '../../generated/facts.js';
import { actionDemand } from '../items.js';

export const { item, action } = /* @__PURE__ */ actionDemand('R14', new Set(terminations), deleteAction);
