import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, migrationSources } from '../../server/db/migrate';
import { openDatabase } from '../../server/db/open-database';
import { pgliteTemplate } from './support/test-server';

describe('migrate', () => {
  it('applies new files once, in name order, and rolls a failing one back entirely', async () => {
    const db = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'migrate-test-')), databaseUrl: undefined }, { loadDataDir: await pgliteTemplate() });
    try {
      expect((await migrate(db)).applied).toEqual([]);
      const extra = mkdtempSync(join(tmpdir(), 'migrate-extra-'));
      writeFileSync(join(extra, '0002_second.sql'), "insert into public.log values ('second');");
      writeFileSync(join(extra, '0001_first.sql'), "create table public.log (entry text); insert into public.log values ('first');");
      const sources = [...migrationSources, { name: 'extra', directory: extra }];
      expect((await migrate(db, sources)).applied).toEqual(['extra/0001_first.sql', 'extra/0002_second.sql']);
      expect((await migrate(db, sources)).applied).toEqual([]);
      expect((await db.query('select entry from public.log')).rows).toEqual([{ entry: 'first' }, { entry: 'second' }]);

      writeFileSync(join(extra, '0003_broken.sql'), "insert into public.log values ('third'); select no_such_function();");
      await expect(migrate(db, sources)).rejects.toThrow(/extra\/0003_broken.sql failed/);
      expect((await db.query('select count(*)::int as n from public.log')).rows).toEqual([{ n: 2 }]);
      const recorded = await db.query("select name from local_stack.migrations where source = 'extra' order by name");
      expect(recorded.rows).toEqual([{ name: '0001_first.sql' }, { name: '0002_second.sql' }]);
    } finally {
      await db.close();
    }
  });
});
