export interface GameVarTable {
  var_id: string;
  type: string;
  value: string;
  updated_at: number;
}

export interface GamevarsTables {
  game_var: GameVarTable;
}
