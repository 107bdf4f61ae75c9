/** The `error` object of Stripe's error bodies (STRIPE.md 1.9): only the keys that apply are sent. */
export interface StripeErrorBody {
  readonly type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error' | 'rate_limit_error';
  readonly message: string;
  readonly code?: string;
  readonly decline_code?: string;
  readonly param?: string;
  readonly doc_url?: string;
  readonly charge?: string;
  readonly payment_intent?: unknown;
  readonly payment_method?: unknown;
  readonly request_log_url?: string;
}

/**
 * Thrown by any emulator code path that must answer with a Stripe error; the router turns it into
 * `{error: body}` with the status. A card error thrown inside a transaction carries the writes that
 * must survive the rollback in `commitFirst` (a declined charge still leaves its failed charge behind).
 */
export class StripeApiError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;

  constructor(status: number, body: StripeErrorBody) {
    super(body.message);
    this.name = 'StripeApiError';
    this.status = status;
    this.body = body;
  }
}

const docBase = 'https://stripe.com/docs/error-codes';

/** 404 resource_missing, in Stripe's words: "No such customer: 'cus_x'". */
export function resourceMissing(noun: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${noun}: '${id}'`,
    doc_url: `${docBase}/resource-missing`,
  });
}

/** 400 invalid_request_error about one parameter. */
export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param === undefined ? {} : { param }),
    ...(code === undefined ? {} : { code, doc_url: `${docBase}/${code.replaceAll('_', '-')}` }),
  });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}
