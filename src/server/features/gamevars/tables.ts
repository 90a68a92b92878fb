import type { CapabilityDb } from '../../db/schema';
export interface GameVarTable {
  var_id: string;
  type: string;
  value: string;
  updated_at: number;
}

export interface GamevarsTables {
  game_var: GameVarTable;
}

/** The gamevars capability's handle: its tables and the platform's. */
export type GamevarsDb = CapabilityDb<GamevarsTables>;
