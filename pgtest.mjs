import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

let t = Date.now();
const db = await PGlite.create({ extensions: { pg_trgm } });
console.log('create mem', Date.now() - t);
t = Date.now();
await db.exec(
  'create extension if not exists pg_trgm; create table a(id int, name text); create index on a using gin (name gin_trgm_ops)',
);
const r = await db.query('insert into a values ($1,$2),($3,$4)', [1, 'x', 2, 'y']);
console.log('affected', r.affectedRows, Date.now() - t);
t = Date.now();
const dump = await db.dumpDataDir('none');
console.log('dump', Date.now() - t, dump.size);
t = Date.now();
const db2 = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
console.log('load', Date.now() - t, (await db2.query('select count(*) from a')).rows);
