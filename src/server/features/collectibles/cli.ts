import type { CliCommand } from '../../capability';
import { done, unknownVerb } from '../../cli/results';
import { countTemplatesByCollection } from './catalogue';
import { countUnminted, mintNow } from './mint';
import { listCollections } from './views';

export const collectiblesCli: CliCommand[] = [
  {
    group: 'collections',
    examples: ['collections list'],
    usage: '  collections list                  show collections with their template and item counts',
    async run(verb, _args, ctx) {
      if (verb !== 'list') return unknownVerb('collections', verb);
      const [collections, templates] = await Promise.all([listCollections(ctx.db), countTemplatesByCollection(ctx.db)]);
      return done(
        collections
          .map(
            (c) =>
              `${c.sCollectionID.padEnd(16)} ${c.sName.padEnd(24)} templates ${templates.get(c.sCollectionID) ?? 0}  items ${c.iTotal}`,
          )
          .join('\n'),
      );
    },
  },
  {
    group: 'mint',
    examples: ['mint status', 'mint run'],
    usage: `  mint status                       how many items wait for a token id
  mint run                          mint every waiting item now`,
    async run(verb, _args, ctx) {
      if (verb === 'status') return done(`${await countUnminted(ctx.db)} item(s) waiting for a token id`);
      if (verb === 'run') return done(`Minted ${await mintNow(ctx.db, ctx.actor, ctx.now())} item(s)`);
      return unknownVerb('mint', verb);
    },
  },
];
