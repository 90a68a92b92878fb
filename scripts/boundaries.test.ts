import { describe, expect, it } from 'vitest';
import { findCycle, findProblems, importsOf, queriedTables, type SourceFile } from './boundaries';

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

  it('lets a plain protocol file and the web import a schema or zod for its types alone (erased, never loaded)', () => {
    const typeOnly = (path: string, text: string): SourceFile => ({ path, text });
    const problems = findProblems(
      [
        typeOnly('src/protocol/actions.ts', "import type { z } from 'zod';\nimport type { aInput } from './a.schema';"),
        typeOnly('src/protocol/a.schema.ts', ''),
        typeOnly('src/web/api/client.ts', "import type { aInput } from '../../protocol/a.schema';"),
        typeOnly(
          'src/protocol/b.ts',
          "import type { aInput } from './a.schema';\nimport { aOther } from './a.schema';",
        ),
      ],
      noEdges,
    );
    expect(problems).toEqual([
      expect.stringMatching(/^src\/protocol\/b.ts imports \.\/a.schema: a plain protocol file never imports a schema/),
      expect.stringMatching(/^src\/protocol\/b.ts imports \.\/a.schema: a plain protocol file never imports a schema/),
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

  describe('table ownership', () => {
    const tables = [
      {
        path: 'src/server/db/schema.ts',
        text: 'export interface PlatformTables {\n  audit_log: AuditLogTable;\n  job_lease: JobLeaseTable;\n}',
      },
      {
        path: 'src/server/features/identity/tables.ts',
        text: 'export interface IdentityTables {\n  member: MemberTable;\n  user: AuthUserTable;\n}',
      },
      {
        path: 'src/server/features/chat/tables.ts',
        text: 'export interface ChatTables {\n  chat_message: MessageTable;\n}',
      },
      { path: 'src/server/features/identity/index.ts', text: '' },
    ];
    const query = (path: string, text: string): SourceFile => ({ path, text });
    const edges = { server: { chat: ['identity'] }, web: {} };

    it('reads the tables a text queries, through the builder or raw sql', () => {
      expect(
        queriedTables(
          "db.selectFrom('chat_message as m').innerJoin(\"user\", 'user.id', 'm.user_id');\n" +
            "trx.insertInto('audit_log'); db.updateTable('member'); db.deleteFrom(\n  'job_lease'\n);\n" +
            'await sql`select count(*) from member m join "user" u on u.id = m.user_id`.execute(db);',
        ),
      ).toEqual(['chat_message', 'user', 'audit_log', 'member', 'job_lease', 'member', 'user']);
    });

    it("accepts a capability querying its own tables and the platform's", () => {
      const files = [
        ...tables,
        query(
          'src/server/features/chat/messages.ts',
          "db.selectFrom('chat_message').selectAll(); trx.insertInto('audit_log').values(row);",
        ),
        query('src/server/features/chat/index.ts', "import { usernamesOf } from '../identity/index';"),
        query('src/server/shared/lease.ts', "db.updateTable('job_lease').set(row);"),
        query('tests/server/chat.test.ts', "db.selectFrom('member').selectAll();"),
      ];
      expect(findProblems(files, edges)).toEqual([]);
    });

    it("refuses a capability querying another's table, even through a handle cast to any", () => {
      const files = [
        ...tables,
        query(
          'src/server/features/chat/views.ts',
          "(db as any).selectFrom('chat_message').innerJoin('member', 'member.user_id', 'chat_message.user_id');",
        ),
        query('src/server/features/chat/cli.ts', 'await sql`update "user" set name = null`.execute(db);'),
      ];
      expect(findProblems(files, edges)).toEqual([
        "src/server/features/chat/views.ts queries table member of identity: a capability reads another's data through its index.ts functions",
        "src/server/features/chat/cli.ts queries table user of identity: a capability reads another's data through its index.ts functions",
      ]);
    });

    it("refuses platform code querying a capability's table", () => {
      const files = [
        ...tables,
        query('src/server/app.ts', "await db.selectFrom('member').select('user_id').execute();"),
      ];
      expect(findProblems(files, edges)).toEqual([
        'src/server/app.ts queries table member of identity: platform code receives capability data from the capabilities (capability.ts)',
      ]);
    });
  });

  it('refuses the capability list imported outside the composition root', () => {
    const files = [
      file('src/server/features/index.ts', './chat/index'),
      file('src/server/features/chat/index.ts'),
      file('src/server/features/chat/views.ts', '../index'),
      file('src/server/deps.ts', './features/index'),
      file('src/server/app.ts', './features/index'),
      file('src/server/cli/admin.ts', '../features/index'),
    ];
    expect(findProblems(files, noEdges)).toEqual([
      expect.stringMatching(/^src\/server\/features\/chat\/views.ts imports \.\.\/index: only the composition root/),
      expect.stringMatching(/^src\/server\/deps.ts imports \.\/features\/index: only the composition root/),
    ]);
  });

  describe('member code never imports console code (decision 0232)', () => {
    const consoleFiles = [
      file('src/web/features/store/console/StoreCatalogueScreen.tsx', './api', '../components/ItemCard'),
      file('src/web/features/store/console/api.ts', '../../../api/console'),
      file('src/web/features/store/components/ItemCard.tsx'),
      file('src/web/api/console.ts'),
      file('src/web/lib/console.ts', '../api/console'),
      file('src/web/layouts/ConsoleLayout.tsx', '../lib/console', '../api/console'),
      file('src/web/ui/Button.tsx'),
    ];

    it('accepts console code using member code, and the route table loading console screens lazily', () => {
      const router: SourceFile = {
        path: 'src/web/router.tsx',
        text: "const a = lazyScreen(() => import('./layouts/ConsoleLayout'));\nconst b = lazyScreen(() => import('./features/store/console/StoreCatalogueScreen'));",
      };
      expect(findProblems([...consoleFiles, router], noEdges)).toEqual([]);
    });

    it('refuses a member file importing a console folder, the console client or the console layout', () => {
      const files = [
        ...consoleFiles,
        file('src/web/features/store/screens/RewardStoreScreen.tsx', '../console/api'),
        file('src/web/features/announcements/api/announcements.ts', '../../../api/console'),
        file('src/web/layouts/MainLayout.tsx', './ConsoleLayout'),
        file('src/web/features/store/components/Price.tsx', '../console/StoreCatalogueScreen.module.css'),
      ];
      expect(findProblems(files, noEdges)).toEqual([
        expect.stringMatching(
          /^src\/web\/features\/store\/screens\/RewardStoreScreen.tsx imports \.\.\/console\/api: member code never imports console code/,
        ),
        expect.stringMatching(
          /^src\/web\/features\/announcements\/api\/announcements.ts imports \.\.\/\.\.\/\.\.\/api\/console: member code never/,
        ),
        expect.stringMatching(/^src\/web\/layouts\/MainLayout.tsx imports \.\/ConsoleLayout: member code never/),
        expect.stringMatching(/^src\/web\/features\/store\/components\/Price.tsx imports .*: member code never/),
      ]);
    });

    it('refuses the route table importing a console screen statically', () => {
      const router = file('src/web/router.tsx', './features/store/console/StoreCatalogueScreen');
      expect(findProblems([...consoleFiles, router], noEdges)).toEqual([
        expect.stringMatching(/^src\/web\/router.tsx imports .*: the route table loads console screens lazily/),
      ]);
    });
  });
});
