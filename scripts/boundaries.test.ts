import { describe, expect, it } from 'vitest';
import { findCycle, findProblems, importsOf, type SourceFile } from './boundaries';

const file = (path: string, ...imports: string[]): SourceFile => ({
  path,
  text: imports.map((spec, i) => `import { x${i} } from '${spec}';`).join('\n'),
});
const noEdges = { server: {}, web: {} };

describe('import boundaries', () => {
  it('reads static, dynamic, side-effect and re-export imports', () => {
    expect(
      importsOf(
        `import a from './a';\nimport type { B } from "./b";\nexport { c } from './c';\nimport './d.css';\nconst e = import('./e');`,
      ),
    ).toEqual(['./a', './b', './c', './d.css', './e']);
  });

  it('accepts a tree that keeps the rules', () => {
    const files = [
      file('src/server/features/rewards/index.ts', '../collectibles/index', '../../shared/audit'),
      file('src/server/features/collectibles/index.ts', '../../../protocol/collectibles.schema'),
      file('src/server/features/index.ts', './rewards/index', './collectibles/index'),
      file('src/server/app.ts', './features/index'),
      file('src/protocol/collectibles.schema.ts', 'zod', './collectibles'),
      file('src/protocol/collectibles.ts'),
      file('src/web/features/home/screens/Home.tsx', '../../collectibles/api/collectibles', '../../../ui/Button'),
      file(
        'src/web/features/collectibles/api/collectibles.ts',
        '../../../lib/auth',
        '../../../../protocol/collectibles',
      ),
      file('src/web/ui/Button.tsx'),
      file('src/web/lib/auth.ts'),
    ];
    const edges = { server: { rewards: ['collectibles'], collectibles: [] }, web: { home: ['collectibles'] } };
    expect(findProblems(files, edges)).toEqual([]);
  });

  it('refuses a forbidden import', () => {
    const problems = findProblems(
      [
        file('src/web/ui/Card.tsx', '../lib/flags'),
        file('src/web/lib/flags.ts'),
        file('src/web/main.tsx', '../server/app'),
        file('src/server/app.ts', './features/rewards/ledger'),
        file('src/server/features/rewards/ledger.ts'),
        file('src/protocol/raffle.ts', 'zod', './raffle.schema'),
        file('src/protocol/raffle.schema.ts'),
        file('src/web/features/raffle/api/raffle.ts', '../../../../protocol/raffle.schema'),
      ],
      noEdges,
    );
    expect(problems).toEqual([
      expect.stringMatching(/^src\/web\/ui\/Card.tsx imports \.\.\/lib\/flags: ui\/ holds primitives only/),
      expect.stringMatching(/^src\/web\/main.tsx imports \.\.\/server\/app: web and server meet only/),
      expect.stringMatching(/^src\/server\/app.ts .* never one capability/),
      expect.stringMatching(/^src\/protocol\/raffle.ts imports zod: only \*\.schema\.ts files/),
      expect.stringMatching(
        /^src\/protocol\/raffle.ts imports \.\/raffle.schema: a plain protocol file never imports a schema/,
      ),
      expect.stringMatching(/^src\/web\/features\/raffle\/api\/raffle.ts .* schemas are for the server/),
    ]);
  });

  it('refuses an undeclared edge, and a reach past index.ts along a declared one', () => {
    const files = [
      file('src/server/features/raffle/index.ts', '../rewards/index', '../collectibles/index'),
      file('src/server/features/raffle/draw.ts', '../rewards/ledger'),
      file('src/server/features/rewards/index.ts'),
      file('src/server/features/rewards/ledger.ts'),
      file('src/server/features/collectibles/index.ts'),
      file('src/web/features/raffle/screens/Raffle.tsx', '../../store/api/store'),
      file('src/web/features/store/api/store.ts'),
    ];
    const problems = findProblems(files, { server: { raffle: ['rewards'] }, web: {} });
    expect(problems).toEqual([
      expect.stringMatching(
        /raffle\/index.ts imports \.\.\/collectibles\/index: raffle does not declare that it uses collectibles/,
      ),
      expect.stringMatching(
        /raffle\/draw.ts imports \.\.\/rewards\/ledger: a capability uses rewards only through its index.ts/,
      ),
      expect.stringMatching(/web feature raffle may not import store/),
    ]);
  });

  it('refuses a cycle in the declared edges', () => {
    expect(findCycle({ raffle: ['rewards'], rewards: ['collectibles'], collectibles: ['raffle'] })).toEqual([
      'raffle',
      'rewards',
      'collectibles',
      'raffle',
    ]);
    expect(findProblems([], { server: { a: ['b'], b: ['a'] }, web: {} })).toEqual([
      'server capabilities use each other in a cycle: a → b → a',
    ]);
    expect(findCycle({ a: ['b'], b: [] })).toBeNull();
  });
});
