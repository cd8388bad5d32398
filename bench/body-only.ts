// `npm run bench:body`: the body path's table of bench:services alone, without the load; ROUNDS changes the rounds.
import { printBodyRatios } from './body.js';

await printBodyRatios('examples/orders/valid/new-kvz-local-loop.json', Number(process.env.ROUNDS ?? 8));
