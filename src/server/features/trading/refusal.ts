import { errorMessage } from '../../../protocol/errors';
import type { TradeOfferAnswer } from '../../../protocol/trading';

/** A refusal of a trading action: its code and the sentence the member reads. */
export class TradeRefusal extends Error {
  constructor(
    readonly code: number,
    message = errorMessage(code),
  ) {
    super(message);
  }

  answer(): TradeOfferAnswer {
    return { iErrorCode: this.code, sMessage: this.message };
  }
}

/** Runs a trading action; a TradeRefusal becomes its answer. */
export async function answering<T>(work: () => Promise<T>): Promise<T | TradeOfferAnswer> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TradeRefusal) return error.answer();
    throw error;
  }
}
