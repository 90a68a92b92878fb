/** Tables of the member core (ledger, balances, notices, game vars, collections, items). */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the member-core capability
export interface RewardsTables {}
