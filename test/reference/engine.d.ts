// The exports of engine.js (the engine of commit acd80ce, bundled by build.mjs), typed as the package's own.
import type * as current from '../../src/index.js';

export declare const assertProductOrder: typeof current.assertProductOrder;
export declare const contactMediumSchema: typeof current.contactMediumSchema;
export declare const createProductOrderSchema: typeof current.createProductOrderSchema;
export declare const createValidator: typeof current.createValidator;
export declare const defaultMaxViolations: typeof current.defaultMaxViolations;
export declare const inflightRules: typeof current.inflightRules;
export declare const labelsDe: typeof current.labelsDe;
export declare const labelsEn: typeof current.labelsEn;
export declare const productOrderItemSchema: typeof current.productOrderItemSchema;
export declare const productOrderSchema: typeof current.productOrderSchema;
export declare const relatedPartySchema: typeof current.relatedPartySchema;
export declare const rules: typeof current.rules;
export declare const validateInflightChangeProductOrder: typeof current.validateInflightChangeProductOrder;
export declare const validateInflightChangeProductOrderText: typeof current.validateInflightChangeProductOrderText;
export declare const validateProductOrder: typeof current.validateProductOrder;
export declare const validateProductOrderText: typeof current.validateProductOrderText;
export declare const validateWith: typeof current.validateWith;
