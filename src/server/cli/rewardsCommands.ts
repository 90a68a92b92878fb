import {
  collectionsOverview,
  countUnminted,
  listGameVars,
  operatorGrantDemoAgent,
  operatorMintNow,
  seedRewardsContent,
  setGameVar,
} from '../core/rewards/index';
import type { AdminContext, AdminResult } from './commands';

export const REWARDS_USAGE = `  gamevars list                     show every game variable
  gamevars set ID TYPE VALUE        set a game variable (TYPE: int, float, number, array, json, string)
  grant demo-agent USER             give the M1 Demo Agent (USER: email, username or user id); once per member
  collections list                  show collections with their template and item counts
  mint status                       how many items wait for a token id
  mint run                          mint every waiting item now`;

const done = (output: string): AdminResult => ({ output, exitCode: 0 });
const problem = (output: string): AdminResult => ({ output, exitCode: 2 });

/** The member core's operator commands; null when `group` is not one of them. */
export async function runRewardsCommand(
  group: string | undefined,
  verb: string | undefined,
  args: string[],
  ctx: AdminContext,
): Promise<AdminResult | null> {
  if (!group || !['gamevars', 'grant', 'collections', 'mint'].includes(group)) return null;
  // The CLI may run before the server ever started on this database.
  await seedRewardsContent(ctx.db, ctx.now());
  if (group === 'gamevars') return gameVarsCommand(verb, args, ctx);
  if (group === 'grant') {
    if (verb !== 'demo-agent') return problem(`Unknown grant: ${verb ?? '(none)'}`);
    const [handle] = args;
    if (!handle) return problem('Which member? grant demo-agent USER');
    const { outcome, userId } = await operatorGrantDemoAgent(ctx.db, handle, ctx.actor, ctx.now());
    if (outcome === 'unknown-user') return { output: `No member ${handle}`, exitCode: 1 };
    return done(outcome === 'granted' ? `Demo Agent granted to ${userId}` : `${userId} already has the demo Agent`);
  }
  if (group === 'collections') {
    if (verb !== 'list') return problem(`Unknown collections command: ${verb ?? '(none)'}`);
    const rows = await collectionsOverview(ctx.db);
    return done(
      rows
        .map((c) => `${c.sCollectionID.padEnd(16)} ${c.sName.padEnd(24)} templates ${c.iTemplates}  items ${c.iTotal}`)
        .join('\n'),
    );
  }
  if (group === 'mint') {
    if (verb === 'status') return done(`${await countUnminted(ctx.db)} item(s) waiting for a token id`);
    if (verb === 'run') return done(`Minted ${await operatorMintNow(ctx.db, ctx.actor, ctx.now())} item(s)`);
    return problem(`Unknown mint command: ${verb ?? '(none)'}`);
  }
  return null;
}

async function gameVarsCommand(verb: string | undefined, args: string[], ctx: AdminContext): Promise<AdminResult> {
  if (verb === 'list') {
    const vars = await listGameVars(ctx.db);
    return done(vars.map((v) => `${v.sVarID.padEnd(26)} ${v.sType.padEnd(7)} ${v.sValue}`).join('\n'));
  }
  if (verb === 'set') {
    const [sVarID, sType, ...value] = args;
    if (!sVarID || !sType || value.length === 0) return problem('gamevars set ID TYPE VALUE');
    const entry = { sVarID, sType, sValue: value.join(' ') };
    const refused = await setGameVar(ctx.db, entry, ctx.actor, ctx.now());
    return refused ? problem(refused) : done(`${sVarID} (${sType}) = ${entry.sValue}`);
  }
  return problem(`Unknown gamevars command: ${verb ?? '(none)'}`);
}
