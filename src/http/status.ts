/** The statuses of the error responses, each produced by one condition of `errorStatuses`. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 406 | 408 | 409 | 413 | 415 | 422 | 429 | 500 | 501 | 503;
