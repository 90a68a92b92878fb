/**
 * The wire contract (docs/product.md "Calls"): every action is POST /api/<service>/<action>,
 * form-encoded (setWalletAddress: JSON), answering JSON with iErrorCode.
 */
export const SERVICES = ['portal', 'monsterbreaker', 'whitelist'] as const;
export type Service = (typeof SERVICES)[number];

export interface Answer {
  iErrorCode: number;
  sMessage?: string;
}
