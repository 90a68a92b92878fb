/** Tables of the identity capability (member profiles, invite codes, rate limits). */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the identity capability
export interface IdentityTables {}
